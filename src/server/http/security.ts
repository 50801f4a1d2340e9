// Security headers. The CSP lists exactly what the SPA loads: its own files, and Yandex Metrika and reCAPTCHA
// only where they are configured — a host the page never needs is one an injected script could still use.
// React style attributes need 'unsafe-inline' for styles only; scripts never run inline.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

const METRIKA = 'https://mc.yandex.ru';
const METRIKA_SCRIPTS = [METRIKA, 'https://yastatic.net'];
const RECAPTCHA = 'https://www.google.com';
const RECAPTCHA_SCRIPTS = [RECAPTCHA, 'https://www.gstatic.com'];
const RECAPTCHA_FRAMES = [RECAPTCHA, 'https://recaptcha.google.com'];

export type SecurityConfig = Pick<Config, 'production' | 'metrikaCounterId' | 'recaptcha'> & {
  /** A bucket's origin: the lesson videos, posters and subtitles come from its presigned links. */
  media?: { s3: { origin: string } | null };
};

export function contentSecurityPolicy(config: SecurityConfig): Record<string, string[]> {
  const metrika = config.metrikaCounterId !== null;
  const recaptcha = config.recaptcha !== null;
  const when = (on: boolean, hosts: string[]) => (on ? hosts : []);
  const bucket = config.media?.s3 ? [config.media.s3.origin] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
    'script-src': [
      "'self'",
      ...when(metrika, METRIKA_SCRIPTS),
      ...when(recaptcha, RECAPTCHA_SCRIPTS),
    ],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...bucket, ...when(metrika, [METRIKA])],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:', ...bucket],
    // The player fetches subtitles (WebVTT) itself.
    'connect-src': [
      "'self'",
      ...bucket,
      ...when(metrika, [METRIKA]),
      ...when(recaptcha, [RECAPTCHA]),
    ],
    'frame-src': ['blob:', ...when(metrika, [METRIKA]), ...when(recaptcha, RECAPTCHA_FRAMES)],
    'child-src': ['blob:', ...when(metrika, [METRIKA])],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
  };
  // Upgrading requests would break the plain-http demo on localhost; behind TLS it is what we want.
  if (config.production) directives['upgrade-insecure-requests'] = [];
  return directives;
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: SecurityConfig,
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // HSTS only makes sense (and only sticks) on the real https site.
    strictTransportSecurity: config.production
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    // The sandbox payment page and OAuth providers are opened as top-level windows, not embedded.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
