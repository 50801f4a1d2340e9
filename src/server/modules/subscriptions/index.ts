// What other domains may use of this one (its public face); everything else is its own.
export { addBonusPeriod, takeOutPeriod } from './bonus';
export {
  followPaidTime,
  lockPaidTime,
  PAID_SOURCES,
  paidPeriodsToCome,
  paidTimeEnd,
} from './paid-time';
export { pauseInForce } from './pause-in-force';
export {
  activateTrial,
  addPaidPeriod,
  currentSubscription,
  periodsOf,
  subscriptionPeriods,
} from './service';
