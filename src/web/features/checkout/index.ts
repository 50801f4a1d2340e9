// The checkout's public face: what other screens use to send a parent to the bank and to carry a choice
// through registration. Everything else in this folder is the checkout's own.
export { goToBank } from './go-to-bank';
export {
  clearPayAfter,
  readLastPayAfter,
  readPayAfter,
  readSendGift,
  writeLastPayAfter,
  writePayAfter,
  writeSendGift,
  type LastPayAfter,
  type PayAfter,
} from './pay-after';
export { RenewalConsent } from './renewal-consent';
export { SubscriptionCheckout } from './subscription-checkout';
