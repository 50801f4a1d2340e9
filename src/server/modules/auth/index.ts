// What other domains may use of this one (its public face); everything else is its own.
export { browserOf, shareBrowser } from './browsers';
export { requestEmailAddition } from './email-addition';
export { spendAllEmailTokens } from './email-tokens';
export { LIMITS } from './limits';
export { loginWithinLimits } from './login-limits';
export { requestPasswordReset } from './password-reset';
export { documentVersion, type RequestOrigin } from './registration';
export { CAPTCHA_FAILED } from './routes';
export {
  ACCOUNT_BLOCKED,
  createSession,
  INVALID_CREDENTIALS,
  issueUserToken,
  revokeAllSessions,
} from './service';
export { signInCookies } from './sign-in-cookies';
export { referralCode } from './signup-source';
export { randomToken, sha256, TOKEN_PATTERN } from './tokens';
