import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  bearer,
  deliveredMail,
  linkIn,
  REGISTRATION_PUBLIC_URL,
  useRegistrationApp,
} from '../../testing/accounts';
import { EMAIL_TOKEN_TTL_MS } from './email-tokens';
import { LIMITS } from './limits';
import { VERIFICATION_MESSAGES } from './email-tokens';
import { ALREADY_CONFIRMED } from './registration';

const registration = useRegistrationApp();
const { time, from, freshEmail, body, register, userByEmail, deps } = registration;
let app: FastifyInstance;
beforeAll(() => {
  ({ app } = registration);
});
const PUBLIC_URL = REGISTRATION_PUBLIC_URL;

describe('GET /api/auth/register/verification', () => {
  const verify = (query: string) =>
    app.inject({ url: `/api/auth/register/verification${query}`, remoteAddress: from() });

  async function signUpAndGetLink() {
    const email = freshEmail();
    const res = await register(body({ email }));
    const [mail] = await deliveredMail(app, deps(), email);
    const link = linkIn(mail, `${PUBLIC_URL}/confirmed`);
    return {
      email,
      token: res.json().data.token as string,
      verifiedToken: link.searchParams.get('verified_token') ?? '',
    };
  }

  it('refuses a link older than 24 hours', async () => {
    const { email, verifiedToken } = await signUpAndGetLink();
    time.advance(EMAIL_TOKEN_TTL_MS.verify_email + 1);
    const res = await verify(`?verified_token=${verifiedToken}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ verified_token: [VERIFICATION_MESSAGES.expired] });
    expect((await userByEmail(email)).emailVerifiedAt).toBeNull();
  });

  it('refuses forged, malformed and missing tokens', async () => {
    for (const query of [`?verified_token=${'A'.repeat(43)}`, '?verified_token=short']) {
      const res = await verify(query);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ verified_token: [VERIFICATION_MESSAGES.unknown] });
    }
    for (const query of ['', '?verified_token=', '?verified_token=%20']) {
      const res = await verify(query);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.verified_token).toEqual(['В ссылке нет кода подтверждения']);
    }
  });

  it('works once even when followed twice at the same moment', async () => {
    const { verifiedToken } = await signUpAndGetLink();
    const results = await Promise.all([
      verify(`?verified_token=${verifiedToken}`),
      verify(`?verified_token=${verifiedToken}`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });
});

describe('POST /api/auth/resend-verification-link', () => {
  const resend = (token?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification-link',
      headers: token ? bearer(token) : {},
      remoteAddress: from(),
    });

  it('needs a signed-in parent', async () => {
    expect((await resend()).statusCode).toBe(401);
  });

  it('mails a new working link, at most three times an hour', async () => {
    const email = freshEmail();
    const token = (await register(body({ email }))).json().data.token as string;
    for (let i = 0; i < LIMITS.resendPerUser.max; i += 1) {
      const res = await resend(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { status: 'ok' } });
    }
    const limited = await resend(token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Слишком много попыток\. Попробуйте через /);

    const mails = await deliveredMail(app, deps(), email);
    expect(mails.filter((m) => m.template === 'confirmation')).toHaveLength(4);
    const link = linkIn(mails[0], `${PUBLIC_URL}/confirmed`);
    const confirm = await app.inject({ url: `/api/auth/register/verification${link.search}` });
    expect(confirm.statusCode).toBe(200);

    time.advance(LIMITS.resendPerUser.windowMs);
    const done = await resend(token);
    expect(done.statusCode).toBe(409);
    expect(done.json().errors.error).toEqual([ALREADY_CONFIRMED]);
  });
});
