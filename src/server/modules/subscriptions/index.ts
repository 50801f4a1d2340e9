// What other domains may use of this one (its public face); everything else is its own.
export { addBonusPeriod, lockPaidTime, takeOutPeriod } from './bonus';
export { pauseInForce } from './pause-in-force';
export {
  activateTrial,
  addPaidPeriod,
  PAID_SOURCES,
  currentSubscription,
  periodsOf,
  subscriptionPeriods,
} from './service';
