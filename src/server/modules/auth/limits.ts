// The account calls' rate limits. Sign-in follows OWASP's advice: throttle the guesser, never lock the owner
// out. Failures count per account *and* address; the account-wide count (a guesser spread over many
// addresses) only holds back clients that never signed in to that account before, and gives way to a
// passed captcha where one is configured — up to a higher ceiling that a captcha does not lift.
import type { RateLimit } from '../../plugins/rate-limit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Brute force gets slow: this many login attempts per minute from one address. */
export const LOGIN_ATTEMPTS_PER_MINUTE = 20;

export const LIMITS = {
  loginPerIp: { name: 'login-ip', max: LOGIN_ATTEMPTS_PER_MINUTE, windowMs: MINUTE },
  /** Wrong passwords for one account from one address: that guesser stops, the owner elsewhere does not. */
  loginFailuresPerAccountAndIp: { name: 'login-fail-account-ip', max: 10, windowMs: 15 * MINUTE },
  /** Wrong passwords from one address over all accounts: credential stuffing from one place. */
  loginFailuresPerIp: { name: 'login-fail-ip', max: 100, windowMs: HOUR },
  /**
   * Wrong passwords for one account over all addresses, for clients that never signed in to it: a
   * guesser spread over many addresses stops here while the owner's known browser and address pass.
   */
  loginFailuresPerAccount: { name: 'login-fail-account', max: 50, windowMs: HOUR },
  /**
   * Where a captcha stands in for the count above, still a ceiling per account for clients that never
   * signed in to it: captcha-solving services are cheap, and this keeps a guesser who pays for them at
   * 200 passwords an hour. The owner's known browser and address are not held back by it either.
   */
  loginFailuresPerAccountWithCaptcha: {
    name: 'login-fail-account-captcha',
    max: 200,
    windowMs: HOUR,
  },
  /**
   * A browser (device cookie) or address that signed in to an account, remembered this long after its
   * last sign-in. Under 24.8 days: the in-process store expires keys with a timer, which cannot be longer.
   */
  knownLoginClient: { name: 'login-known', max: 1, windowMs: 20 * DAY },
  /**
   * Wrong authenticator codes for one staff account, wherever they come from and whatever the client:
   * a million codes cannot be walked through five at a time.
   */
  staffCodeFailuresPerAccount: { name: 'staff-code-fail-account', max: 5, windowMs: 15 * MINUTE },
  /** Invitations an administrator sends, and invitations one mailbox receives. */
  staffInvitesPerActor: { name: 'staff-invite-actor', max: 30, windowMs: HOUR },
  staffInvitesPerEmail: { name: 'staff-invite-email', max: 5, windowMs: HOUR },
  /** The invitation page's calls from one address: a link is 32 random bytes, nothing to walk through. */
  invitationPerIp: { name: 'invitation-ip', max: 30, windowMs: 15 * MINUTE },
  /** Wrong authenticator codes on one invitation's page, from anywhere. */
  invitationCodeFailures: { name: 'invitation-code-fail', max: 5, windowMs: 15 * MINUTE },
  usertokenPerIp: { name: 'usertoken-ip', max: LOGIN_ATTEMPTS_PER_MINUTE, windowMs: MINUTE },
  registerPerIp: { name: 'register-ip', max: 10, windowMs: HOUR },
  passwordEmailPerIp: { name: 'password-email-ip', max: 10, windowMs: HOUR },
  /** Nobody's mailbox gets flooded with reset letters. */
  passwordEmailPerEmail: { name: 'password-email-email', max: 3, windowMs: HOUR },
  passwordResetPerIp: { name: 'password-reset-ip', max: 20, windowMs: HOUR },
  resendPerUser: { name: 'resend-user', max: 3, windowMs: HOUR },
  /** Letters to addresses a parent adds to an account that had none: a typo fixed, not a flood. */
  addEmailPerUser: { name: 'add-email-user', max: 5, windowMs: HOUR },
  verificationPerIp: { name: 'verification-ip', max: 30, windowMs: MINUTE },
  /** Wrong current passwords (change password, delete account) per signed-in parent. */
  passwordCheckFailuresPerUser: { name: 'password-check-user', max: 10, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimit>;
