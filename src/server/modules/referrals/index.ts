// What other domains may use of this one (its public face); everything else is its own.
export { redeemKept, rewardInviter, takeBackReward } from './rewards';
export { referralTrialDays } from './service';
