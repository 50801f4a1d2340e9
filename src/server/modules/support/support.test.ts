import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { supportRequests, users } from '../../db/schema/index';
import { manualClock } from '../../testing/fixtures';
import type { TestDatabase } from '../../testing/test-database';
import {
  bearer,
  deliveredMail,
  recaptchaGuardedApp,
  startAccountsApp,
  stopAccountsApp,
} from '../../testing/accounts';
import { CAPTCHA_FAILED } from '../auth/routes';
import { createSession } from '../auth/service';
import { EMAIL_UNCONFIRMED } from './service';

let database: TestDatabase;
let app: FastifyInstance;
let config: Config;
const time = manualClock();
let counter = 0;

beforeAll(async () => {
  ({ database, config, app } = await startAccountsApp({
    publicUrl: 'https://school.example',
    clock: time.clock,
  }));
});
afterAll(async () => {
  await stopAccountsApp({ database, config, app });
});

/** Every test from its own address, so the per-address limit counts only what the test sends. */
/** A guest address never used before: the per-recipient limit counts only what the test means. */
const freshEmail = () => {
  counter += 1;
  return `guest-${counter}@example.ru`;
};

const nextAddress = () => {
  counter += 1;
  return `10.7.${Math.floor(counter / 250)}.${(counter % 250) + 1}`;
};

const request = {
  name: 'Анна',
  email: 'Anna.Guest@Example.RU',
  message: 'Здравствуйте! Не открывается урок про осень.\nЧто делать?',
};

function send(
  payload: unknown,
  options: { token?: string; remoteAddress?: string; target?: FastifyInstance } = {},
) {
  return (options.target ?? app).inject({
    method: 'POST',
    url: '/api/user-support',
    payload: payload as Record<string, unknown>,
    headers: options.token ? bearer(options.token) : {},
    remoteAddress: options.remoteAddress ?? nextAddress(),
  });
}

async function parent(verified: boolean) {
  counter += 1;
  const email = `support-parent-${counter}@example.ru`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: 'umnyashki-support-1', name: 'Ольга', consent_personal_data: true },
    remoteAddress: nextAddress(),
  });
  expect(res.statusCode).toBe(201);
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error('no user');
  if (verified) {
    await database.db
      .update(users)
      .set({ emailVerifiedAt: time.clock() })
      .where(eq(users.id, user.id));
  }
  return { id: user.id, email, token: (res.json() as { data: { token: string } }).data.token };
}

const deps = () => ({ db: database.db, config, clock: time.clock });

describe('POST /user-support', () => {
  it('stores a guest’s request, mails it to the support inbox with Reply-To, and a receipt back', async () => {
    const res = await send(request);
    expect(res.statusCode).toBe(201);
    const { id, email } = res.json().data;
    expect(email).toBe('anna.guest@example.ru');
    const [row] = await database.db
      .select()
      .from(supportRequests)
      .where(eq(supportRequests.id, id));
    expect(row).toMatchObject({ userId: null, name: 'Анна', status: 'new', email });
    expect(row?.message).toBe(request.message);

    const inbox = await deliveredMail(app, deps(), config.supportEmail);
    const copy = inbox.find((m) => m.subject === `Обращение №\u00a0${id}: Анна`);
    expect(copy?.text).toContain('Не открывается урок про осень.');
    // Replying in the support inbox answers the parent.
    const stored = await app.inject({
      url: `/sandbox/mail/api/messages?to=${encodeURIComponent(config.supportEmail)}`,
    });
    const withHeaders = (
      stored.json() as { data: { subject: string; headers: Record<string, string> }[] }
    ).data.find((m) => m.subject === copy?.subject);
    expect(withHeaders?.headers['Reply-To']).toBe(email);
    const receipt = await deliveredMail(app, deps(), email);
    expect(receipt[0]?.subject).toBe(`Мы получили ваше обращение №\u00a0${id}`);
    // Nobody confirmed this address: the receipt repeats neither the text nor the name typed.
    expect(receipt[0]?.text).not.toContain('осень');
    expect(receipt[0]?.text).not.toContain('Анна');
  });

  it('sends at most three receipts a day to one unconfirmed address', async () => {
    const target = { ...request, email: `target-${counter}@example.ru` };
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await send(target)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('keeps the name on one line and refuses control characters in it', async () => {
    const res = await send({ ...request, email: freshEmail(), name: '  Анна\r\nBcc: x@y.ru ' });
    expect(res.statusCode).toBe(201);
    const [row] = await database.db
      .select()
      .from(supportRequests)
      .where(eq(supportRequests.id, res.json().data.id));
    expect(row?.name).toBe('Анна Bcc: x@y.ru');
    const bell = await send({ ...request, email: freshEmail(), name: 'Анна\u0007' });
    expect(bell.statusCode).toBe(422);
    expect(bell.body).toContain('служебных символов');
  });

  it('lets a parent without an address (social sign-in) type one', async () => {
    counter += 1;
    const [user] = await database.db
      .insert(users)
      .values({ email: `vk-${counter}@no-email.invalid`, name: 'Ира' })
      .returning({ id: users.id });
    if (!user) throw new Error('no user');
    const token = await createSession({ db: database.db, clock: time.clock, userId: user.id });
    const typed = `ira-${counter}@example.ru`;
    const res = await send({ ...request, email: typed }, { token });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.email).toBe(typed);
  });

  it('answers a signed-in parent at the account’s address, once it is confirmed', async () => {
    const unconfirmed = await parent(false);
    for (let i = 0; i < 6; i += 1) {
      // However often they try, they are told to confirm (not to wait).
      expect((await send(request, { token: unconfirmed.token })).statusCode).toBe(409);
    }
    const refused = await send(request, { token: unconfirmed.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'email_unconfirmed', message: EMAIL_UNCONFIRMED });
    const confirmed = await parent(true);
    const res = await send(
      { ...request, email: 'someone-else@example.ru' },
      { token: confirmed.token },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.email).toBe(confirmed.email);
    const [row] = await database.db
      .select()
      .from(supportRequests)
      .where(eq(supportRequests.id, res.json().data.id));
    expect(row).toMatchObject({ userId: confirmed.id, email: confirmed.email });
    // A confirmed parent's receipt repeats what they wrote.
    const receipt = await deliveredMail(app, deps(), confirmed.email);
    expect(receipt.find((m) => m.subject.startsWith('Мы получили'))?.text).toContain(
      'Не открывается урок про осень.',
    );
  });

  it('refuses bad input in Russian and stores nothing', async () => {
    const before = (await database.db.select().from(supportRequests)).length;
    const cases: [unknown, string][] = [
      [{ ...request, name: '  ' }, 'Напишите, как к вам обращаться'],
      [{ ...request, email: 'not-an-address' }, 'email'],
      [{ ...request, message: 'Помогите' }, 'хотя бы 10 символов'],
      [{ ...request, message: 'я'.repeat(5001) }, 'не длиннее 5000 символов'],
      [{ name: 5, email: [], message: {} }, 'name'],
    ];
    for (const [payload, expected] of cases) {
      const res = await send(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(res.body).toContain(expected);
    }
    expect((await database.db.select().from(supportRequests)).length).toBe(before);
  });

  it('limits requests per address and per parent', async () => {
    const address = nextAddress();
    const fromOnePlace = [];
    for (let i = 0; i < 11; i += 1) {
      fromOnePlace.push(
        (await send({ ...request, email: freshEmail() }, { remoteAddress: address })).statusCode,
      );
    }
    expect(fromOnePlace.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(fromOnePlace[10]).toBe(429);

    const writer = await parent(true);
    const statuses = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await send(request, { token: writer.token })).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('with reCAPTCHA configured', () => {
  const guarded = recaptchaGuardedApp('support-secret', () => ({
    db: database.db,
    clock: time.clock,
    env: { PUBLIC_URL: 'https://school.example', RECAPTCHA_MIN_SCORE: '0.5' },
  }));

  it('takes a human’s request for the support action and turns others away', async () => {
    const ok = await send(
      { ...request, email: freshEmail(), captcha_token: 'human:support' },
      { target: guarded.app },
    );
    expect(ok.statusCode).toBe(201);
    for (const captcha_token of [undefined, 'bot:support', 'human:login']) {
      const res = await send(
        { ...request, email: freshEmail(), captcha_token },
        { target: guarded.app },
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ captcha_token: [CAPTCHA_FAILED] });
    }
  });
});
