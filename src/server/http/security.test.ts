// The CSP names a third-party host only when the service behind it is configured.
import { describe, expect, it } from 'vitest';
import { SESSION_MARK_HASH, contentSecurityPolicy, type SecurityConfig } from './security';

const NOTHING: SecurityConfig = { production: false, metrikaCounterId: null, recaptcha: null };
const RECAPTCHA: SecurityConfig['recaptcha'] = {
  siteKey: 'site',
  secret: 'secret',
  verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
  minScore: 0.5,
};

const hostsOf = (directives: Record<string, string[]>) =>
  Object.values(directives)
    .flat()
    .filter((source) => source.startsWith('https://'));

describe('contentSecurityPolicy', () => {
  it('allows only our own origin when neither Metrika nor reCAPTCHA is configured', () => {
    const csp = contentSecurityPolicy(NOTHING);
    expect(hostsOf(csp)).toEqual([]);
    expect(csp['script-src']).toEqual(["'self'", SESSION_MARK_HASH]);
    expect(csp['frame-src']).toEqual(['blob:']);
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
  });

  it('adds the Metrika hosts only with METRIKA_COUNTER_ID', () => {
    const csp = contentSecurityPolicy({ ...NOTHING, metrikaCounterId: '12345678' });
    expect(csp['script-src']).toEqual([
      "'self'",
      SESSION_MARK_HASH,
      'https://mc.yandex.ru',
      'https://yastatic.net',
    ]);
    expect(csp['img-src']).toContain('https://mc.yandex.ru');
    expect(csp['connect-src']).toEqual(["'self'", 'https://mc.yandex.ru']);
    expect(csp['frame-src']).toEqual(['blob:', 'https://mc.yandex.ru']);
    expect(csp['child-src']).toEqual(['blob:', 'https://mc.yandex.ru']);
    expect(hostsOf(csp).some((h) => h.includes('google') || h.includes('gstatic'))).toBe(false);
  });

  it('adds the reCAPTCHA hosts only when reCAPTCHA is configured', () => {
    const csp = contentSecurityPolicy({ ...NOTHING, recaptcha: RECAPTCHA });
    expect(csp['script-src']).toEqual([
      "'self'",
      SESSION_MARK_HASH,
      'https://www.google.com',
      'https://www.gstatic.com',
    ]);
    expect(csp['connect-src']).toEqual(["'self'", 'https://www.google.com']);
    expect(csp['frame-src']).toEqual([
      'blob:',
      'https://www.google.com',
      'https://recaptcha.google.com',
    ]);
    expect(hostsOf(csp).some((h) => h.includes('yandex') || h.includes('yastatic'))).toBe(false);
  });

  it('upgrades insecure requests in production, with both services side by side', () => {
    const csp = contentSecurityPolicy({
      production: true,
      metrikaCounterId: '12345678',
      recaptcha: RECAPTCHA,
    });
    expect(csp['upgrade-insecure-requests']).toEqual([]);
    expect(csp['script-src']).toEqual([
      "'self'",
      SESSION_MARK_HASH,
      'https://mc.yandex.ru',
      'https://yastatic.net',
      'https://www.google.com',
      'https://www.gstatic.com',
    ]);
  });

  it('lets lesson media come from the configured bucket, and from nowhere else', () => {
    const bucket = 'https://umnyashki-media.storage.example.ru';
    const csp = contentSecurityPolicy({ ...NOTHING, media: { s3: { origin: bucket } } });
    expect(csp['media-src']).toEqual(["'self'", 'blob:', bucket]);
    expect(csp['img-src']).toContain(bucket);
    expect(csp['connect-src']).toEqual(["'self'", bucket]);
    expect(contentSecurityPolicy({ ...NOTHING, media: { s3: null } })['media-src']).toEqual([
      "'self'",
      'blob:',
    ]);
  });
});
