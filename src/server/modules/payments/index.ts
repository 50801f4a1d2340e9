// What other domains may use of this one (its public face); everything else is its own.
export { bankFor } from './gateway';
export { orderBundle, RECEIPT_TAX_SYSTEM } from './receipt';
export { FIRST_RECONCILE_DELAY_MS, orderNumberFor, RECONCILE_JOB } from './register-order';
export { freshConsent } from './renewal-consent';
export { mailAbout } from './renewal-mail';
export { renewalAmount } from './renewal-price';
export { FAIL_REASONS, settleOrder } from './settle';
