// Social sign-in end to end over real HTTP: our API → the sandbox VK ID / Facebook (consent page, code
// exchange, profile) → our callback → /?usertoken=… → a session. The production clients are the code
// under test; nothing of ours is stubbed.
import { beforeAll, describe, expect, it } from 'vitest';
import { oauthStates } from '../../db/schema/index';
import { DEMO_PARENT } from '../../db/seed/seed';
import type { TestDatabase } from '../../testing/test-database';
import { ONLY_WAY_IN_DATA, ONLY_WAY_IN_NO_EMAIL, notLinked } from './links';
import { useOAuthBrowser, type createBrowser } from '../../testing/oauth-browser';
import { bearer } from '../../testing/accounts';

const oauth = useOAuthBrowser();
const { profile, demoLogin, linksOf, userIdOf } = oauth;
let database: TestDatabase;
let browser: ReturnType<typeof createBrowser>;
beforeAll(() => {
  ({ database, browser } = oauth);
});

describe('linking from the profile', () => {
  it('links VK to the signed-in parent, who then signs in with it', async () => {
    const token = await demoLogin();
    const authorizeUrl = await browser.startUrl('vk', token);
    const [state] = await database.db.select().from(oauthStates);
    const demoId = await userIdOf(DEMO_PARENT.email);
    expect(state?.userId).toBe(demoId);
    const callback = await browser.consent(authorizeUrl, { person: 'maria' });
    expect(await browser.redirectOf(callback)).toBe('/personal/profile?linked=vk');
    // Linking never touches the account's own e-mail, even though VK gave another one.
    expect(await profile(token)).toMatchObject({
      email: DEMO_PARENT.email,
      social_networks: ['vk'],
      has_password: true,
    });
    const location = await browser.signIn('vk', { person: 'maria' });
    expect((await profile(await browser.exchange(location))).email).toBe(DEMO_PARENT.email);
  });

  it('refuses a social account that belongs to another parent', async () => {
    await browser.signUp('vk', { person: 'ivan' });
    const token = await demoLogin();
    expect(await browser.signIn('vk', { person: 'ivan', token })).toBe(
      '/personal/profile?social_error=linked_elsewhere',
    );
    expect(await linksOf(await userIdOf(DEMO_PARENT.email))).toEqual([]);
  });

  it('sends a refusal during linking back to the profile', async () => {
    const token = await demoLogin();
    expect(await browser.signIn('fb', { token, decision: 'cancel' })).toBe(
      '/personal/profile?social_error=denied',
    );
  });

  it('treats a stale bearer as a plain sign-in', async () => {
    const location = await browser.signIn('vk', { person: 'ivan', token: 'x'.repeat(43) });
    expect(location).toBe('/?social_signup=vk');
  });
});

describe('GET /api/profile/unbind-social-network', () => {
  const unbind = (token: string, network: string) =>
    browser.get(`/api/profile/unbind-social-network?social_network=${network}`, bearer(token));

  it('refuses to remove the only way in, and allows it once there is another', async () => {
    // Анна shared no address: a password alone would not let her in either, so she is told to add one.
    const token = await browser.signUp('vk', { person: 'anna' });
    let res = await unbind(token, 'vk');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      code: 'validation_failed',
      message: ONLY_WAY_IN_NO_EMAIL,
      errors: { error: [ONLY_WAY_IN_NO_EMAIL] },
    });

    // Link Facebook too: now VK may go, but Facebook then stays as the only way in.
    expect(await browser.signIn('fb', { person: 'anna', token })).toBe(
      '/personal/profile?linked=fb',
    );
    res = await unbind(token, 'vk');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { status: 'ok' } });
    expect((await profile(token)).social_networks).toEqual(['fb']);
    expect((await unbind(token, 'fb')).status).toBe(422);
  });

  it('unbinds freely from an account with a password', async () => {
    const token = await demoLogin();
    await browser.signIn('vk', { person: 'maria', token });
    expect((await unbind(token, 'vk')).status).toBe(200);
    expect((await profile(token)).social_networks).toEqual([]);
    const again = await unbind(token, 'vk');
    expect(again.status).toBe(422);
    expect(((await again.json()) as { errors: unknown }).errors).toEqual({
      social_network: [notLinked('vk')],
    });
    // Signing in with that VK account now makes a new parent (after the consent step) rather than
    // entering this one.
    expect((await profile(await browser.signUp('vk', { person: 'maria' }))).email).toBe(
      'maria.testova@example.ru',
    );
  });

  it('checks its input and needs a signed-in parent', async () => {
    const token = await demoLogin();
    for (const query of ['social_network=ok', '']) {
      const res = await browser.get(`/api/profile/unbind-social-network?${query}`, bearer(token));
      expect(res.status).toBe(422);
      expect(((await res.json()) as { message: string }).message).toBe(
        'Укажите социальную сеть: vk или fb',
      );
    }
    expect((await browser.get('/api/profile/unbind-social-network?social_network=vk')).status).toBe(
      401,
    );
  });
});

describe('GET /api/profile/deleteSocialData', () => {
  it('erases every link of a parent with a password', async () => {
    const token = await demoLogin();
    await browser.signIn('vk', { person: 'maria', token });
    await browser.signIn('fb', { person: 'maria', token });
    const demoId = await userIdOf(DEMO_PARENT.email);
    expect(await linksOf(demoId)).toHaveLength(2);
    const res = await browser.get('/api/profile/deleteSocialData', bearer(token));
    expect(res.status).toBe(200);
    expect(await linksOf(demoId)).toEqual([]);
    // Nothing to erase is fine too.
    expect((await browser.get('/api/profile/deleteSocialData', bearer(token))).status).toBe(200);
  });

  it('refuses when a social network is the only way in', async () => {
    const token = await browser.signUp('vk', { person: 'ivan' });
    const res = await browser.get('/api/profile/deleteSocialData', bearer(token));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toBe(ONLY_WAY_IN_DATA);
    const ivanId = await userIdOf('ivan.primerov@example.ru');
    expect(await linksOf(ivanId)).toHaveLength(1);
    expect((await browser.get('/api/profile/deleteSocialData')).status).toBe(401);
  });
});
