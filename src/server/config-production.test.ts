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

describe('loadConfig in production', () => {
  it('starts with every secret given, sandboxes off, Facebook off', () => {
    const c = loadConfig(PRODUCTION);
    expect(c.production).toBe(true);
    expect(c.demo).toBe(false);
    expect(c.sandboxes).toBe(false);
    expect(c.publicUrl).toBe('https://umnyashki.ru');
    expect(c.sberbank).toMatchObject({
      apiUrl: 'https://securepayments.sberbank.ru/payment/rest/',
      sandbox: false,
    });
    expect(c.vk).toMatchObject({ enabled: true, sandbox: false });
    expect(c.fb.enabled).toBe(false);
    expect(c.admin.email).toBe('head@umnyashki.ru');
  });

  it('refuses to start without its secrets, naming every one', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    for (const name of [
      'DATABASE_URL',
      'PUBLIC_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'SBERBANK_API_URL',
      'SBERBANK_USERNAME',
      'SBERBANK_PASSWORD',
      'SBERBANK_CALLBACK_KEY',
      'VK_CLIENT_ID',
      'VK_CLIENT_SECRET',
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
      'SUPPORT_EMAIL',
      'TRUST_PROXY',
      'MEDIA_SIGNING_SECRET',
    ]) {
      expect(
        problems.some((p) => p.startsWith(`${name} is required in production`)),
        name,
      ).toBe(true);
    }
    expect(problems).toHaveLength(15);
  });

  it('says so in one readable message', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /Configuration is not valid:\n {2}- DATABASE_URL is required in production/,
    );
  });

  it('refuses Facebook switched on without its secrets', () => {
    expect(problemsOf({ ...PRODUCTION, FB_ENABLED: 'true' })).toEqual([
      'FB_CLIENT_ID is required in production (FB_ENABLED is on and the Facebook sandbox is off in production)',
      'FB_CLIENT_SECRET is required in production (FB_ENABLED is on and the Facebook sandbox is off in production)',
    ]);
    const c = loadConfig({
      ...PRODUCTION,
      FB_ENABLED: '1',
      FB_CLIENT_ID: 'id',
      FB_CLIENT_SECRET: 'secret',
    });
    expect(c.fb).toMatchObject({ enabled: true, sandbox: false });
  });

  it('refuses the demo admin password, a short one and the sandbox merchant values', () => {
    expect(problemsOf({ ...PRODUCTION, ADMIN_PASSWORD: DEMO.adminPassword })).toEqual([
      'ADMIN_PASSWORD must not be the demo password in production',
    ]);
    expect(problemsOf({ ...PRODUCTION, ADMIN_PASSWORD: 'short' })).toEqual([
      'ADMIN_PASSWORD must be at least 12 characters in production',
    ]);
    expect(problemsOf({ ...PRODUCTION, SBERBANK_PASSWORD: DEMO.sberbankPassword })).toEqual([
      'SBERBANK_PASSWORD must not be the sandbox value in production',
    ]);
  });

  it('requires TRUST_PROXY said outright: none, a hop count or the balancer’s addresses', () => {
    const { TRUST_PROXY: _unset, ...withoutTrustProxy } = PRODUCTION;
    expect(problemsOf(withoutTrustProxy)).toEqual([
      'TRUST_PROXY is required in production (the load balancer’s addresses/CIDRs or its hop count, ' +
        'or none when clients connect directly)',
    ]);
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: 'none' }).trustProxy).toBe(false);
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
    ]);
  });

  it('refuses the sandbox providers’ VK and Facebook values and an http PUBLIC_URL', () => {
    expect(
      problemsOf({
        ...PRODUCTION,
        VK_CLIENT_ID: DEMO.vkClientId,
        VK_CLIENT_SECRET: DEMO.vkClientSecret,
        FB_ENABLED: 'true',
        FB_CLIENT_ID: DEMO.fbClientId,
        FB_CLIENT_SECRET: DEMO.fbClientSecret,
      }),
    ).toEqual([
      'VK_CLIENT_ID must not be the sandbox value in production',
      'VK_CLIENT_SECRET must not be the sandbox value in production',
      'FB_CLIENT_ID must not be the sandbox value in production',
      'FB_CLIENT_SECRET must not be the sandbox value in production',
    ]);
    expect(problemsOf({ ...PRODUCTION, PUBLIC_URL: 'http://umnyashki.ru' })).toEqual([
      'PUBLIC_URL must be an https:// address in production',
    ]);
  });
});

describe('lesson media', () => {
  const S3 = {
    S3_BUCKET: 'umnyashki-media',
    S3_ACCESS_KEY_ID: 'key-id',
    S3_SECRET_ACCESS_KEY: 'secret-key',
  };

  it('keeps videos in the local folder by default, with a key made per start', () => {
    expect(loadConfig({}).media).toEqual({
      signingSecret: null,
      ffmpegPath: 'ffmpeg',
      transcodeConcurrency: expect.any(Number) as number,
      s3: null,
    });
    expect(loadConfig({ TRANSCODE_CONCURRENCY: '0' }).media.transcodeConcurrency).toBe(0);
    expect(() => loadConfig({ TRANSCODE_CONCURRENCY: 'many' })).toThrow(/TRANSCODE_CONCURRENCY/);
    expect(loadConfig({ FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg' }).media.ffmpegPath).toBe(
      '/opt/ffmpeg/bin/ffmpeg',
    );
  });

  it('takes a bucket only with its name and both keys, naming what is missing', () => {
    expect(problemsOf({ S3_BUCKET: 'umnyashki-media' })).toContain(
      'S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
    expect(problemsOf({ ...S3, S3_BUCKET: 'Not A Bucket' }).join()).toMatch(
      /^S3_BUCKET must be a bucket name/,
    );
  });

  it('knows the origin the presigned links point at: AWS, a path-style endpoint, a virtual host', () => {
    expect(loadConfig(S3).media.s3).toMatchObject({
      region: 'us-east-1',
      forcePathStyle: false,
      origin: 'https://umnyashki-media.s3.us-east-1.amazonaws.com',
    });
    expect(
      loadConfig({ ...S3, S3_ENDPOINT: 'https://storage.example.ru/', S3_REGION: 'ru-central1' })
        .media.s3,
    ).toMatchObject({
      endpoint: 'https://storage.example.ru',
      region: 'ru-central1',
      forcePathStyle: true,
      origin: 'https://storage.example.ru',
    });
    expect(
      loadConfig({ ...S3, S3_ENDPOINT: 'https://storage.example.ru', S3_FORCE_PATH_STYLE: 'false' })
        .media.s3?.origin,
    ).toBe('https://umnyashki-media.storage.example.ru');
  });

  it('in production wants a shared key of the local links unless a bucket signs them', () => {
    const { MEDIA_SIGNING_SECRET: _, ...withoutKey } = PRODUCTION;
    expect(problemsOf(withoutKey).join()).toMatch(
      /^MEDIA_SIGNING_SECRET is required in production/,
    );
    expect(problemsOf({ ...withoutKey, ...S3 })).toEqual([]);
    expect(problemsOf({ ...withoutKey, ...S3, S3_ENDPOINT: 'http://storage.example.ru' })).toEqual([
      'S3_ENDPOINT must be an https:// address in production',
    ]);
    expect(problemsOf({ ...PRODUCTION, MEDIA_SIGNING_SECRET: 'short' }).join()).toMatch(
      /MEDIA_SIGNING_SECRET must be at least 32 characters/,
    );
  });
});
