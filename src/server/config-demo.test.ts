import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO, loadConfig } from './config';

const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://school@db.internal:5432/school',
  PUBLIC_URL: 'https://umnyashki.ru/',
  SMTP_URL: 'smtp://mail.internal:25',
  MAIL_FROM: 'Школа Умняшек <noreply@umnyashki.ru>',
  SBERBANK_API_URL: 'https://securepayments.sberbank.ru/payment/rest',
  SBERBANK_USERNAME: 'umnyashki-api',
  SBERBANK_PASSWORD: 'merchant-password',
  SBERBANK_CALLBACK_KEY: 'callback-key',
  VK_CLIENT_ID: '51234567',
  VK_CLIENT_SECRET: 'vk-secret',
  ADMIN_EMAIL: 'Head@Umnyashki.ru',
  ADMIN_PASSWORD: 'a-long-admin-password',
  SUPPORT_EMAIL: 'help@umnyashki.ru',
  TRUST_PROXY: '10.0.0.5',
  MEDIA_SIGNING_SECRET: 'a-production-key-of-the-video-links-0123456789',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

/** An administrator password of a public demo stand's operator. */
const STAND = 'stand-operator-password';

describe('implicit demo mode and PUBLIC_URL', () => {
  it('stays on for a loopback PUBLIC_URL, for this machine only', () => {
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:4000', 'http://[::1]:3000']) {
      expect(loadConfig({ PUBLIC_URL: url }), url).toMatchObject({
        demo: true,
        demoThisMachineOnly: true,
      });
    }
  });

  it('refuses a PUBLIC_URL of another machine without DEMO=true or production', () => {
    const problems = problemsOf({ PUBLIC_URL: 'https://abcd.ngrok.app' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('PUBLIC_URL=https://abcd.ngrok.app');
    expect(problems[0]).toContain('DEMO=true');
  });

  it('lets DEMO=true serve a public stand, guarded by its own administrator password', () => {
    expect(problemsOf({ PUBLIC_URL: 'https://demo.example', DEMO: 'true' })[0]).toContain(
      'ADMIN_PASSWORD',
    );
    expect(
      loadConfig({ PUBLIC_URL: 'https://demo.example', DEMO: 'true', ADMIN_PASSWORD: STAND }),
    ).toMatchObject({ demo: true, demoThisMachineOnly: false });
  });
});

describe('loadConfig in the demo (no variables)', () => {
  const config = loadConfig({}, { cwd: '/srv/school' });

  it('listens on 127.0.0.1:3000 with everything in sandboxes', () => {
    expect(config).toMatchObject({
      nodeEnv: 'development',
      production: false,
      demo: true,
      sandboxes: true,
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      dataDir: '/srv/school/data',
      databaseUrl: null,
      mail: { smtpUrl: null, from: DEMO.mailFrom, ratePerMinute: 120 },
      recaptcha: null,
      metrikaCounterId: null,
      redisUrl: null,
      admin: { email: 'admin@umnyashki.ru', password: 'umnyashki-admin' },
      supportEmail: DEMO.supportEmail,
    });
    expect(config.sberbank).toEqual({
      apiUrl: 'http://localhost:3000/sandbox/sberbank/payment/rest/',
      sandbox: true,
      username: DEMO.sberbankUsername,
      password: DEMO.sberbankPassword,
      callbackKey: DEMO.sberbankCallbackKey,
      timeoutMs: 30_000,
    });
    expect(config.vk).toMatchObject({
      enabled: true,
      sandbox: true,
      idUrl: 'http://localhost:3000/sandbox/oauth/vk',
    });
    expect(config.fb).toMatchObject({ enabled: true, sandbox: true });
  });

  it('follows PORT into PUBLIC_URL and the sandbox URLs', () => {
    const c = loadConfig({ PORT: '3999' });
    expect(c.publicUrl).toBe('http://localhost:3999');
    expect(c.sberbank.apiUrl).toBe('http://localhost:3999/sandbox/sberbank/payment/rest/');
  });

  it('treats empty variables as unset', () => {
    const c = loadConfig({ PORT: '', DATABASE_URL: ' ', RECAPTCHA_SECRET: '' });
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeNull();
    expect(c.recaptcha).toBeNull();
  });

  it('turns reCAPTCHA on when both keys are given', () => {
    const c = loadConfig({
      RECAPTCHA_SITE_KEY: 'site',
      RECAPTCHA_SECRET: 'secret',
      RECAPTCHA_MIN_SCORE: '0.7',
    });
    expect(c.recaptcha).toEqual({
      siteKey: 'site',
      secret: 'secret',
      verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
      minScore: 0.7,
    });
  });

  it('uses the real providers once their credentials are given', () => {
    const c = loadConfig({
      VK_CLIENT_ID: '1',
      VK_CLIENT_SECRET: 's',
      FB_CLIENT_ID: '2',
      FB_CLIENT_SECRET: 't',
    });
    expect(c.vk).toMatchObject({ sandbox: false, idUrl: 'https://id.vk.com' });
    expect(c.fb).toMatchObject({
      sandbox: false,
      dialogUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
      graphUrl: 'https://graph.facebook.com/v19.0',
    });
  });

  it('trusts no proxy unless TRUST_PROXY names the hops or the load balancer', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2', DEMO: 'true', ADMIN_PASSWORD: STAND }).trustProxy).toBe(
      2,
    );
    expect(
      loadConfig({
        TRUST_PROXY: '10.0.0.5, 10.0.1.0/24,fd00::/8,::1',
        DEMO: 'true',
        ADMIN_PASSWORD: STAND,
      }).trustProxy,
    ).toEqual(['10.0.0.5', '10.0.1.0/24', 'fd00::/8', '::1']);
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor addresses, and "true" (anyone)', () => {
    for (const value of [
      'true',
      'yes',
      '10.0.0.0/33',
      '10.0.0.1,',
      'lb.internal',
      '1.5',
      'fd00::/129',
    ]) {
      expect(problemsOf({ TRUST_PROXY: value }), value).toEqual([
        'TRUST_PROXY must be none, a number of proxy hops (e.g. 1) or a comma-separated list of the load ' +
          'balancer’s addresses/CIDRs (e.g. 10.0.0.5,10.0.1.0/24)',
      ]);
    }
  });

  it('lists every malformed variable at once', () => {
    expect(
      problemsOf({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        PUBLIC_URL: 'not a url',
        FB_ENABLED: 'maybe',
        RECAPTCHA_MIN_SCORE: '2',
        ADMIN_EMAIL: 'nobody',
        NODE_ENV: 'staging',
        METRIKA_COUNTER_ID: 'abc',
      }),
    ).toEqual([
      'NODE_ENV must be development, test or production',
      'PORT must be a port number (0–65535)',
      'PUBLIC_URL must be a URL (http, https)',
      'DATABASE_URL must be a URL (postgres, postgresql)',
      'RECAPTCHA_MIN_SCORE must be a number from 0 to 1',
      'FB_ENABLED must be true or false',
      'METRIKA_COUNTER_ID must be the numeric counter id',
      'ADMIN_EMAIL must be an email address',
    ]);
  });

  it('refuses half-configured pairs', () => {
    expect(
      problemsOf({ RECAPTCHA_SITE_KEY: 'site', VK_CLIENT_ID: '1', FB_CLIENT_SECRET: 'x' }),
    ).toEqual([
      'RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET must be set together (or both left unset)',
      'VK_CLIENT_ID and VK_CLIENT_SECRET must be set together',
      'FB_CLIENT_ID and FB_CLIENT_SECRET must be set together',
    ]);
  });
});

describe('demo mode', () => {
  const DEMO_REFUSED =
    /^HOST=(.+) may be reachable from other machines, .*NODE_ENV=production.*DEMO=true/;

  it('runs on a loopback address without being asked', () => {
    for (const host of [
      '127.0.0.1',
      '127.0.1.1',
      '::1',
      '0:0:0:0:0:0:0:1',
      'localhost',
      'LocalHost',
    ]) {
      const c = loadConfig({ HOST: host });
      expect(c, host).toMatchObject({ production: false, demo: true, sandboxes: true, host });
    }
  });

  it('refuses a reachable address outside production, naming both ways out', () => {
    for (const host of [
      '0.0.0.0',
      '::',
      '192.168.1.20',
      '::ffff:10.0.0.1',
      'school.example',
      'localhost.',
    ]) {
      for (const nodeEnv of ['development', 'test']) {
        const problems = problemsOf({ NODE_ENV: nodeEnv, HOST: host });
        expect(problems, `${nodeEnv} ${host}`).toHaveLength(1);
        expect(problems[0]).toMatch(DEMO_REFUSED);
        expect(problems[0]).toContain(`HOST=${host} `);
      }
    }
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(ConfigError);
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/NODE_ENV=production.*DEMO=true/);
    // An explicit "no" is the same as leaving it unset.
    expect(problemsOf({ HOST: '0.0.0.0', DEMO: 'false' })[0]).toMatch(DEMO_REFUSED);
  });

  it('runs on a reachable address when DEMO=true says so on purpose', () => {
    for (const value of ['true', '1', 'yes', 'on']) {
      const c = loadConfig({ HOST: '0.0.0.0', DEMO: value, ADMIN_PASSWORD: STAND });
      expect(c, value).toMatchObject({ production: false, demo: true, sandboxes: true });
      expect(c.admin.password).toBe(STAND);
    }
  });

  it('refuses DEMO=true in production, and a malformed DEMO', () => {
    expect(problemsOf({ ...PRODUCTION, DEMO: 'true' })).toEqual([
      'DEMO=true cannot be combined with NODE_ENV=production: demo mode opens the mail outbox, ' +
        'the sandboxes and the demo accounts to everyone',
    ]);
    expect(problemsOf({ DEMO: 'perhaps' })).toEqual(['DEMO must be true or false']);
  });

  it('refuses demo mode behind a proxy unless asked for: the proxy serves other machines', () => {
    expect(problemsOf({ TRUST_PROXY: '1' })[0]).toMatch(/^TRUST_PROXY says a proxy forwards/);
    expect(problemsOf({ TRUST_PROXY: '1' })[0]).toMatch(/NODE_ENV=production.*DEMO=true/);
    expect(loadConfig({ TRUST_PROXY: '1', DEMO: 'true', ADMIN_PASSWORD: STAND }).demo).toBe(true);
  });

  it('keeps the administrator private on a public demo stand', () => {
    expect(problemsOf({ HOST: '0.0.0.0', DEMO: 'true' })).toEqual([
      'ADMIN_PASSWORD must be set (and not the demo one) when DEMO=true serves other machines: ' +
        'everyone can read the demo administrator’s password in README.md',
    ]);
    expect(
      problemsOf({ HOST: '0.0.0.0', DEMO: 'true', ADMIN_PASSWORD: 'umnyashki-admin' }),
    ).toHaveLength(1);
    expect(
      loadConfig({ HOST: '0.0.0.0', DEMO: 'true', ADMIN_PASSWORD: STAND }).admin.password,
    ).toBe(STAND);
  });

  it('is off in production on any address', () => {
    for (const host of ['0.0.0.0', '127.0.0.1']) {
      const c = loadConfig({ ...PRODUCTION, HOST: host });
      expect(c, host).toMatchObject({ production: true, demo: false, sandboxes: false });
    }
    expect(loadConfig({ ...PRODUCTION, DEMO: 'false' }).demo).toBe(false);
  });
});
