// Social sign-in end to end over real HTTP: our API → the sandbox VK ID / Facebook (consent page, code
// exchange, profile) → our callback → /?usertoken=… → a session. The production clients are the code
// under test; nothing of ours is stubbed.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { oauthStates } from '../../db/schema/index';
import type { TestDatabase } from '../../testing/test-database';
import {
  useOAuthBrowser,
  type createBrowser,
  type ListeningApp,
} from '../../testing/oauth-browser';

const oauth = useOAuthBrowser();
let database: TestDatabase;
let server: ListeningApp;
let browser: ReturnType<typeof createBrowser>;
beforeAll(() => {
  ({ database, server, browser } = oauth);
});

const stateOf = (url: string) => new URL(url).searchParams.get('state') ?? '';

describe('the sandbox providers', () => {
  it('burn a code on first use and check PKCE, device and redirect', async () => {
    const authorizeUrl = await browser.startUrl('vk');
    const callback = new URL(await browser.consent(authorizeUrl));
    const token = (form: Record<string, string>) =>
      fetch(`${server.base}/sandbox/oauth/vk/oauth2/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
    const form = {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      code_verifier: 'y'.repeat(43),
      client_id: server.config.vk.clientId,
      device_id: callback.searchParams.get('device_id') ?? '',
      redirect_uri: `${server.base}/api/auth/vk-oauth/callback`,
      state: stateOf(authorizeUrl),
    };
    const wrongVerifier = await token(form);
    expect(wrongVerifier.status).toBe(400);
    expect(await wrongVerifier.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'code_verifier is invalid',
    });
    const reused = await token(form);
    expect(await reused.json()).toMatchObject({ error_description: 'code is already used' });
  });

  it('show an error page, not a redirect, for an unknown client or a foreign redirect address', async () => {
    const url = new URL(await browser.startUrl('vk'));
    url.searchParams.set('redirect_uri', 'https://evil.example/callback');
    const res = await browser.get(url.toString());
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('redirect_uri');
    const fb = new URL(await browser.startUrl('fb'));
    fb.searchParams.set('client_id', 'someone-else');
    expect((await browser.get(fb.toString())).status).toBe(400);
  });

  it('return an invalid PKCE request to the school as invalid_request', async () => {
    const url = new URL(await browser.startUrl('vk'));
    url.searchParams.delete('code_challenge');
    const location = await browser.redirectOf(url.toString());
    expect(location).toContain('error=invalid_request');
    expect(await browser.redirectOf(location)).toBe('/?social_error=failed');
  });

  it('stay out of the OpenAPI document, where the school’s own routes are', async () => {
    const docs = (await (await browser.get('/api/docs/json')).json()) as {
      paths: Record<string, unknown>;
    };
    const paths = Object.keys(docs.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/vk-oauth',
        '/api/auth/fb-oauth/callback',
        '/api/profile/unbind-social-network',
        '/api/auth/fb/data-deletion',
      ]),
    );
    expect(paths.filter((p) => p.startsWith('/sandbox/oauth'))).toEqual([]);
  });

  it('serve the test people’s avatars', async () => {
    const res = await browser.get('/sandbox/oauth/avatars/maria.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect((await browser.get('/sandbox/oauth/avatars/nobody.svg')).status).toBe(404);
  });
});

describe('sandbox rows never pass for sign-in states', () => {
  it('keeps one row per issued code and removes it when redeemed', async () => {
    const authorizeUrl = await browser.startUrl('vk');
    const callback = await browser.consent(authorizeUrl);
    // Our state plus the sandbox's code.
    expect(await database.db.select().from(oauthStates)).toHaveLength(2);
    await browser.redirectOf(callback);
    expect(
      await database.db
        .select()
        .from(oauthStates)
        .where(and(eq(oauthStates.provider, 'vk'))),
    ).toEqual([]);
  });
});
