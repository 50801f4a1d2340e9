// Social sign-in end to end over real HTTP: our API → the sandbox VK ID / Facebook (consent page, code
// exchange, profile) → our callback → /?usertoken=… → a session. The production clients are the code
// under test; nothing of ours is stubbed.
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { isPlaceholderEmail } from '@contract/api/oauth';
import { consents, jobs, oauthStates, socialAccounts, users } from '../../db/schema/index';
import type { TestDatabase } from '../../testing/test-database';
import { hashPassword } from '../../shared/passwords';
import { sha256 } from '../auth/tokens';
import { BINDING_COOKIE } from '../auth/sign-in-cookies';
import { OAUTH_STATE_TTL_MS, stateHash } from './service';
import {
  useOAuthBrowser,
  type createBrowser,
  type ListeningApp,
} from '../../testing/oauth-browser';

const oauth = useOAuthBrowser();
const { time, profile, userCount, userIdOf } = oauth;
let database: TestDatabase;
let server: ListeningApp;
let browser: ReturnType<typeof createBrowser>;
beforeAll(() => {
  ({ database, server, browser } = oauth);
});

const stateOf = (url: string) => new URL(url).searchParams.get('state') ?? '';
const bindingOf = (b: ReturnType<typeof createBrowser>) => b.cookie(BINDING_COOKIE) ?? '';

describe('VK ID sign-in through the sandbox', () => {
  it('creates a parent on first sign-in and signs the same parent in the next time', async () => {
    const authorizeUrl = await browser.startUrl('vk');
    const url = new URL(authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${server.base}/sandbox/oauth/vk/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: server.config.vk.clientId,
      redirect_uri: `${server.base}/api/auth/vk-oauth/callback`,
      code_challenge_method: 's256',
      scope: 'email',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash of the state is kept, together with this browser's binding cookie.
    const binding = bindingOf(browser);
    expect(binding).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [state] = await database.db.select().from(oauthStates);
    expect(state?.stateHash).toBe(stateHash(stateOf(authorizeUrl), binding));
    expect(state?.stateHash).not.toBe(sha256(stateOf(authorizeUrl)));
    expect(state?.userId).toBeNull();

    const page = await browser.get(authorizeUrl);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Мария Тестова');
    expect(html).toContain('Разрешить');
    expect(html).toContain('Отмена');

    const callback = await browser.consent(authorizeUrl, { person: 'maria' });
    const back = new URL(callback);
    expect(`${back.origin}${back.pathname}`).toBe(`${server.base}/api/auth/vk-oauth/callback`);
    expect(back.searchParams.get('state')).toBe(stateOf(authorizeUrl));
    expect(back.searchParams.get('device_id')).toBeTruthy();

    const before = await userCount();
    // A new person: the consent step first (social-consent.test.ts), the account only once accepted.
    expect(await browser.redirectOf(callback)).toBe('/?social_signup=vk');
    expect(await userCount()).toBe(before);
    // The state was used up.
    expect(await database.db.select().from(oauthStates)).toEqual([]);
    const accepted = await browser.acceptSignup();
    expect(accepted.status).toBe(201);
    expect(await userCount()).toBe(before + 1);

    const token = ((await accepted.json()) as { data: { token: string } }).data.token;
    expect(await profile(token)).toMatchObject({
      email: 'maria.testova@example.ru',
      email_verified: true,
      name: 'Мария',
      surname: 'Тестова',
      social_networks: ['vk'],
      has_password: false,
    });
    const userId = await userIdOf('maria.testova@example.ru');
    const [link] = await database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, userId));
    expect(link).toMatchObject({
      provider: 'vk',
      providerUserId: '100001',
      email: 'maria.testova@example.ru',
      name: 'Мария Тестова',
      avatar: `${server.base}/sandbox/oauth/avatars/maria.svg`,
    });
    // Consent to personal-data processing is recorded like the registration checkbox (the mailing one
    // was not given), and a welcome mail is queued.
    const recorded = await database.db.select().from(consents).where(eq(consents.userId, userId));
    expect(recorded).toMatchObject([
      { kind: 'personal_data', documentSlug: 'personal-data-consent', ip: '127.0.0.1' },
    ]);
    const [mail] = await database.db.select({ n: count() }).from(jobs).where(eq(jobs.kind, 'mail'));
    expect(mail?.n).toBe(1);

    // The second time: the same parent, no new account, no consent step.
    const again = await browser.signIn('vk', { person: 'maria' });
    expect(await userCount()).toBe(before + 1);
    expect((await profile(await browser.exchange(again))).email).toBe('maria.testova@example.ru');
  });

  it('makes an account without an e-mail when the person gives none', async () => {
    const data = await profile(await browser.signUp('vk', { person: 'anna' }));
    expect(data).toMatchObject({ name: 'Анна', email_verified: false, has_password: false });
    expect(isPlaceholderEmail(String(data.email))).toBe(true);
    const [mail] = await database.db.select({ n: count() }).from(jobs).where(eq(jobs.kind, 'mail'));
    expect(mail?.n).toBe(0);
  });

  it('never merges into a password account with the same e-mail', async () => {
    await database.db.insert(users).values({
      email: 'maria.testova@example.ru',
      passwordHash: await hashPassword('her-own-password'),
      name: 'Маша',
    });
    const before = await userCount();
    expect(await browser.signIn('vk', { person: 'maria' })).toBe('/?social_error=email_taken');
    expect(await userCount()).toBe(before);
    expect(await database.db.select().from(socialAccounts)).toEqual([]);
  });

  it('sends a refusal back as social_error=denied', async () => {
    expect(await browser.signIn('vk', { decision: 'cancel' })).toBe('/?social_error=denied');
    expect(await browser.signIn('fb', { decision: 'cancel' })).toBe('/?social_error=denied');
    expect(await userCount()).toBe(2);
  });

  it('fails when the code verifier is not the one of the challenge (PKCE checked by VK ID)', async () => {
    const authorizeUrl = await browser.startUrl('vk');
    const callback = await browser.consent(authorizeUrl);
    // Someone who stole the code has no verifier: play that by changing ours.
    await database.db
      .update(oauthStates)
      .set({ codeVerifier: 'x'.repeat(43) })
      .where(eq(oauthStates.stateHash, stateHash(stateOf(authorizeUrl), bindingOf(browser))));
    expect(await browser.redirectOf(callback)).toBe('/?social_error=failed');
    expect(await database.db.select().from(socialAccounts)).toEqual([]);
  });

  it('uses a state once: a replayed callback gets social_error=expired', async () => {
    const callback = await browser.consent(await browser.startUrl('vk'));
    expect(await browser.redirectOf(callback)).toBe('/?social_signup=vk');
    expect(await browser.redirectOf(callback)).toBe('/?social_error=expired');
  });

  it('finishes once when the same callback arrives twice at the same moment', async () => {
    const callback = await browser.consent(await browser.startUrl('vk'));
    const results = await Promise.all([browser.redirectOf(callback), browser.redirectOf(callback)]);
    expect(results.filter((r) => r === '/?social_signup=vk').length).toBe(1);
    expect(results).toContain('/?social_error=expired');
  });

  it('refuses a forged, missing or expired state', async () => {
    const callback = new URL(await browser.consent(await browser.startUrl('vk')));
    const forged = new URL(callback);
    forged.searchParams.set('state', 'A'.repeat(43));
    expect(await browser.redirectOf(forged.toString())).toBe('/?social_error=expired');
    const missing = new URL(callback);
    missing.searchParams.delete('state');
    expect(await browser.redirectOf(missing.toString())).toBe('/?social_error=expired');
    // A state of the other provider does not open this one.
    const crossed = new URL(callback.toString().replace('/vk-oauth/', '/fb-oauth/'));
    expect(await browser.redirectOf(crossed.toString())).toBe('/?social_error=expired');

    const late = await browser.consent(await browser.startUrl('vk'));
    time.advance(OAUTH_STATE_TTL_MS + 1000);
    expect(await browser.redirectOf(late)).toBe('/?social_error=expired');
    expect(await userCount()).toBe(2);
  });

  it('fails cleanly on a callback without a code or with a forged one', async () => {
    const callback = new URL(await browser.consent(await browser.startUrl('vk')));
    callback.searchParams.set('code', 'forged');
    expect(await browser.redirectOf(callback.toString())).toBe('/?social_error=failed');
    const noCode = new URL(await browser.consent(await browser.startUrl('vk')));
    noCode.searchParams.delete('code');
    expect(await browser.redirectOf(noCode.toString())).toBe('/?social_error=failed');
  });
});

describe('Facebook sign-in through the sandbox', () => {
  it('signs in with the Graph API profile', async () => {
    const authorizeUrl = await browser.startUrl('fb');
    const url = new URL(authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${server.base}/sandbox/oauth/fb/dialog`);
    expect(url.searchParams.get('scope')).toBe('email');
    const callback = await browser.consent(authorizeUrl, { person: 'ivan' });
    expect(await browser.redirectOf(callback)).toBe('/?social_signup=fb');
    const accepted = await browser.acceptSignup();
    const token = ((await accepted.json()) as { data: { token: string } }).data.token;
    expect(await profile(token)).toMatchObject({
      email: 'ivan.primerov@example.ru',
      name: 'Иван',
      surname: 'Примеров',
      social_networks: ['fb'],
    });
    const [link] = await database.db.select().from(socialAccounts);
    expect(link).toMatchObject({ provider: 'fb', providerUserId: '10000000000000002' });
  });
});
