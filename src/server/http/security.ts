// Security headers. The CSP lists exactly what the SPA loads: its own files, Yandex Metrika, reCAPTCHA.
// React style attributes need 'unsafe-inline' for styles only; scripts never run inline.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const METRIKA = ['https://mc.yandex.ru', 'https://yastatic.net'];
const RECAPTCHA_SCRIPTS = ['https://www.google.com', 'https://www.gstatic.com'];
const RECAPTCHA_FRAMES = ['https://www.google.com', 'https://recaptcha.google.com'];

export function contentSecurityPolicy(production: boolean): Record<string, string[]> {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
    'script-src': ["'self'", ...METRIKA, ...RECAPTCHA_SCRIPTS],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https://mc.yandex.ru'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", 'https://mc.yandex.ru', 'https://www.google.com'],
    'frame-src': ['blob:', 'https://mc.yandex.ru', ...RECAPTCHA_FRAMES],
    'child-src': ['blob:', 'https://mc.yandex.ru'],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
  };
  // Upgrading requests would break the plain-http demo on localhost; behind TLS it is what we want.
  if (production) directives['upgrade-insecure-requests'] = [];
  return directives;
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  production: boolean,
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(production) },
    // HSTS only makes sense (and only sticks) on the real https site.
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // The sandbox payment page and OAuth providers are opened as top-level windows, not embedded.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
