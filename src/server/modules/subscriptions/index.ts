// What other domains may use of this one (its public face); everything else is its own.
export { pauseInForce } from './pause-in-force';
export {
  activateTrial,
  addPaidPeriod,
  currentSubscription,
  periodsOf,
  subscriptionPeriods,
} from './service';
