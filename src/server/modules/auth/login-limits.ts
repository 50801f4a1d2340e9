// Sign-in under the limits of limits.ts. A guesser is throttled where they guess from; the owner is not
// locked out: a browser or address that signed in to the account before is "known" (a device cookie,
// after OWASP's device-cookie advice, or the address) and the account-wide count does not apply to it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors';
import type { ModuleDeps } from '../../deps';
import { clientAddressKey } from '../../plugins/client-address';
import { readOwnCookie, setOwnCookie } from '../../plugins/cookies';
import { rateLimiter, type RateLimit } from '../../plugins/rate-limit';
import { LIMITS } from './limits';
import { login } from './service';
import { TOKEN_PATTERN, randomToken } from './tokens';

/** A random value of the browser, sent back only to the login call. */
export const DEVICE_COOKIE = 'login_device';
const DEVICE_COOKIE_PATH = '/api/auth/login';
const DEVICE_COOKIE_MAX_AGE_S = Math.round(LIMITS.knownLoginClient.windowMs / 1000);

export async function loginWithinLimits<T = string>(options: {
  deps: ModuleDeps;
  request: FastifyRequest;
  reply: FastifyReply;
  email: string;
  password: string;
  /** The sign-in itself (default: a parent's); a 422 from it counts as a wrong attempt. */
  signIn?: (email: string, password: string) => Promise<T>;
  /** Whether this sign-in checked a captcha (default: whenever one is configured). */
  captchaChecked?: boolean;
  /** The browser's own value (browsers.ts), remembered with a parent's session. */
  browser?: string;
}): Promise<T> {
  const { deps, request, reply, password } = options;
  const email = options.email.trim().toLowerCase();
  const limiter = rateLimiter(deps);
  const address = clientAddressKey(request.ip);
  const device = readOwnCookie(request, deps.config.publicUrl, DEVICE_COOKIE, TOKEN_PATTERN);

  const knownAddress = `${email}|ip:${address}`;
  const knownDevice = device && `${email}|device:${device}`;
  const known =
    (await limiter.remembers(LIMITS.knownLoginClient, knownAddress)) ||
    (knownDevice !== undefined && (await limiter.remembers(LIMITS.knownLoginClient, knownDevice)));

  const checks: { limit: RateLimit; subject: string }[] = [
    { limit: LIMITS.loginFailuresPerAccountAndIp, subject: `${email}|${address}` },
    { limit: LIMITS.loginFailuresPerIp, subject: address },
  ];
  // A passed captcha is the answer to suspicion where one is configured, up to a ceiling it cannot lift;
  // without one, unknown clients share the account-wide budget.
  if (!known) {
    checks.push({
      limit:
        (options.captchaChecked ?? deps.captcha.enabled)
          ? LIMITS.loginFailuresPerAccountWithCaptcha
          : LIMITS.loginFailuresPerAccount,
      subject: email,
    });
  }
  const attempt = await limiter.attempt(checks, reply);

  let wrong = false;
  try {
    const token = options.signIn
      ? await options.signIn(email, password)
      : ((await login({
          db: deps.db,
          clock: deps.clock,
          email,
          password,
          ...(options.browser === undefined ? {} : { browser: options.browser }),
        })) as T);
    const deviceToken = device ?? randomToken();
    await limiter.remember(LIMITS.knownLoginClient, knownAddress);
    await limiter.remember(LIMITS.knownLoginClient, `${email}|device:${deviceToken}`);
    setOwnCookie(request, reply, deps.config.publicUrl, {
      name: DEVICE_COOKIE,
      value: deviceToken,
      path: DEVICE_COOKIE_PATH,
      maxAgeSeconds: DEVICE_COOKIE_MAX_AGE_S,
    });
    return token;
  } catch (error) {
    wrong = error instanceof HttpError && error.statusCode === 422;
    throw error;
  } finally {
    // Only wrong credentials count.
    if (!wrong) await attempt.forgive();
  }
}
