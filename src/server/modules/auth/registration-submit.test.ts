import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TAKEN, MAILING_CONSENT } from '@contract/api/auth';
import { consents, emailTokens, jobs, users } from '../../db/schema/index';
import { DEMO_PARENT } from '../../db/seed/seed';
import type { TestDatabase } from '../../testing/test-database';
import {
  bearer,
  deliveredMail,
  linkIn,
  REGISTRATION_PUBLIC_URL,
  useRegistrationApp,
} from '../../testing/accounts';
import { VERIFICATION_MESSAGES } from './email-tokens';

const registration = useRegistrationApp();
const { time, from, freshEmail, body, register, userByEmail, deps } = registration;
let database: TestDatabase;
let app: FastifyInstance;
beforeAll(() => {
  ({ database, app } = registration);
});
const PUBLIC_URL = REGISTRATION_PUBLIC_URL;

describe('POST /api/auth/register', () => {
  it('creates a parent who is signed in at once, with the address unconfirmed', async () => {
    const payload = body({ email: '  Mama@Example.RU ', name: '  Мария   Ивановна ' });
    const res = await register(payload);
    expect(res.statusCode).toBe(201);
    const { token } = res.json().data;
    const profile = await app.inject({ url: '/api/profile/show', headers: bearer(token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({
      email: 'mama@example.ru',
      email_verified: false,
      name: 'Мария Ивановна',
      role: 'parent',
      has_password: true,
      social_networks: [],
      consent_mailing: false,
      children: [],
    });
    const user = await userByEmail('mama@example.ru');
    // argon2id, never the password itself.
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('stores the personal-data consent with time, address, browser and document version', async () => {
    const email = freshEmail();
    await register(body({ email }));
    const user = await userByEmail(email);
    const rows = await database.db.select().from(consents).where(eq(consents.userId, user.id));
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'personal_data',
        documentSlug: 'personal-data-consent',
        documentVersion: '2.3',
        ip: from(),
        userAgent: 'Vitest/4 (parent browser)',
        givenAt: time.clock(),
        withdrawnAt: null,
      }),
    ]);
  });

  it('stores the optional mailing consent as a row of its own', async () => {
    const email = freshEmail();
    const res = await register(body({ email, consent_mailing: true }));
    const user = await userByEmail(email);
    const rows = await database.db.select().from(consents).where(eq(consents.userId, user.id));
    expect(rows.map((r) => [r.kind, r.documentSlug, r.documentVersion]).sort()).toEqual([
      ['mailing', MAILING_CONSENT.slug, MAILING_CONSENT.version],
      ['personal_data', 'personal-data-consent', '2.3'],
    ]);
    const profile = await app.inject({
      url: '/api/profile/show',
      headers: bearer(res.json().data.token),
    });
    expect(profile.json().data.consent_mailing).toBe(true);
  });

  it('refuses without the personal-data consent', async () => {
    for (const consent of [false, undefined, 'true', 1]) {
      const email = freshEmail();
      const res = await register(body({ email, consent_personal_data: consent }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.consent_personal_data).toEqual([
        'Без согласия на обработку персональных данных зарегистрироваться нельзя',
      ]);
      expect(await database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    }
  });

  it('keeps the referral code of the page and its utm_* parameters', async () => {
    const email = freshEmail();
    await register(body({ email }), {
      query:
        'ref=FRIEND-42&utm_source=vk&utm_campaign=spring%20sale&utm_medium=cpc&utm_medium=x&other=1',
    });
    const user = await userByEmail(email);
    expect(user.referrerCode).toBe('FRIEND-42');
    expect(user.signupQuery).toEqual({
      utm_source: 'vk',
      utm_campaign: 'spring sale',
      utm_medium: 'cpc',
    });
  });

  it('takes the referral code from the ref cookie when the page has none', async () => {
    const email = freshEmail();
    await register(body({ email }), { headers: { cookie: 'theme=x; ref=COOKIE_7; other=y' } });
    expect((await userByEmail(email)).referrerCode).toBe('COOKIE_7');

    const second = freshEmail();
    await register(body({ email: second }), {
      query: 'ref=FROM_PAGE',
      headers: { cookie: 'ref=COOKIE_7' },
    });
    expect((await userByEmail(second)).referrerCode).toBe('FROM_PAGE');
  });

  it('ignores junk in the query string and the cookie rather than failing', async () => {
    const email = freshEmail();
    const res = await register(body({ email }), {
      query: `ref=${encodeURIComponent('<script>')}&utm_source=&utm_${'x'.repeat(40)}=1`,
      headers: { cookie: 'ref=%E0%A4%A' },
    });
    expect(res.statusCode).toBe(201);
    const user = await userByEmail(email);
    expect(user.referrerCode).toBeNull();
    expect(user.signupQuery).toBeNull();
  });

  it('says in Russian what is wrong with each field', async () => {
    const res = await register({
      email: 'not-an-email',
      password: '1234',
      name: 'R2-D2',
      consent_personal_data: true,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: ['Введите адрес электронной почты в виде name@example.ru'],
      password: ['Пароль должен быть не короче 8 символов'],
      name: ['Только русские или латинские буквы, пробел, дефис и апостроф'],
    });
  });

  it('wants a password of 8 characters that is not only digits, and a name', async () => {
    const digits = await register(body({ password: '12345678', name: '' }));
    expect(digits.statusCode).toBe(422);
    expect(digits.json().errors).toEqual({
      password: ['Пароль не должен состоять только из цифр'],
      name: ['Введите имя'],
    });
    const long = await register(body({ name: 'Я'.repeat(51) }));
    expect(long.json().errors).toEqual({ name: ['Не длиннее 50 символов'] });
    const missing = await register({});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual([
      'consent_personal_data',
      'email',
      'name',
      'password',
    ]);
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
      remoteAddress: from(),
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('answers a taken address on the email field (the accepted trade-off)', async () => {
    const res = await register(body({ email: DEMO_PARENT.email.toUpperCase() }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'email_taken',
      message: EMAIL_TAKEN,
      errors: { email: [EMAIL_TAKEN] },
    });
  });

  it('lets only one of two simultaneous sign-ups with one address through', async () => {
    const email = freshEmail();
    const results = await Promise.all([register(body({ email })), register(body({ email }))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(await database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('answers 409 Already authenticated to a signed-in client', async () => {
    const first = await register(body());
    const res = await register(body(), { headers: bearer(first.json().data.token) });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.error).toEqual(['Already authenticated']);
  });

  it('queues the confirmation mail; the link in it confirms the address', async () => {
    const email = freshEmail();
    const res = await register(body({ email, name: 'Ольга' }));
    const token = res.json().data.token;
    const [queued] = await database.db.select().from(jobs).where(eq(jobs.kind, 'mail'));
    expect(queued).toBeDefined();

    const [mail] = await deliveredMail(app, deps(), email);
    expect(mail?.template).toBe('confirmation');
    expect(mail?.text).toContain('Ольга');
    const link = linkIn(mail, `${PUBLIC_URL}/confirmed?verified_token=`);
    const verifiedToken = link.searchParams.get('verified_token') ?? '';
    // Only the hash is stored.
    const stored = await database.db.select({ hash: emailTokens.tokenHash }).from(emailTokens);
    expect(stored.map((s) => s.hash)).not.toContain(verifiedToken);

    const confirm = await app.inject({
      url: `/api/auth/register/verification?verified_token=${verifiedToken}`,
      remoteAddress: from(),
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ data: { status: 'ok' } });
    const profile = await app.inject({ url: '/api/profile/show', headers: bearer(token) });
    expect(profile.json().data.email_verified).toBe(true);

    // The first confirmation welcomes the parent.
    const afterwards = await deliveredMail(app, deps(), email);
    expect(afterwards.map((m) => m.template)).toEqual(['welcome', 'confirmation']);

    const again = await app.inject({
      url: `/api/auth/register/verification?verified_token=${verifiedToken}`,
      remoteAddress: from(),
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({
      verified_token: [VERIFICATION_MESSAGES.alreadyConfirmed],
    });
  });
});
