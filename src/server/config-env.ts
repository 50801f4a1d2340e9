// The environment variables' schema and the values they fall back to: the demo values every sandbox
// works with, the real services' addresses, and the small parsers loadConfig and its checks share.
import { isIP } from 'node:net';
import { z } from 'zod';
import type { TrustProxy } from './config-types';

export const MIN_MEDIA_SIGNING_SECRET = 32;

/** Two mails a second: well within what a small sender may send without being throttled. */
export const DEFAULT_MAILING_RATE_PER_MINUTE = 120;

/** Demo values: every sandbox works with them; production refuses to start with any of them. */
export const DEMO = {
  sberbankUsername: 'umnyashki-sandbox-api',
  sberbankPassword: 'umnyashki-sandbox-password',
  sberbankCallbackKey: 'umnyashki-sandbox-callback-key',
  vkClientId: 'umnyashki-sandbox-vk',
  vkClientSecret: 'umnyashki-sandbox-vk-secret',
  fbClientId: 'umnyashki-sandbox-fb',
  fbClientSecret: 'umnyashki-sandbox-fb-secret',
  mailFrom: 'Школа Умняшек <noreply@umnyashki.ru>',
  appStoreUrl: 'https://apps.apple.com/app/id1000000000',
  playStoreUrl: 'https://play.google.com/store/apps/details?id=ru.umnyashki.app',
  adminEmail: 'admin@umnyashki.ru',
  adminPassword: 'umnyashki-admin',
  supportEmail: 'help@umnyashki.ru',
} as const;

export const REAL = {
  recaptchaVerifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
  vkIdUrl: 'https://id.vk.com',
  fbDialogUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
  fbGraphUrl: 'https://graph.facebook.com/v19.0',
} as const;

// Empty strings count as unset: `FOO= npm start` and a blank line in an env file mean "use the default".
const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const url = (protocols: string[]) =>
  optional.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL (${protocols.map((p) => p.replace(':', '')).join(', ')})` },
  );

const httpUrl = url(['http:', 'https:']);

const email = optional.refine((v) => v === undefined || z.email().safeParse(v).success, {
  message: 'must be an email address',
});

const flag = optional.refine(
  (v) => v === undefined || ['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'].includes(v),
  { message: 'must be true or false' },
);

const TRUST_PROXY_HELP =
  'must be none, a number of proxy hops (e.g. 1) or a comma-separated list of the load balancer’s ' +
  'addresses/CIDRs (e.g. 10.0.0.5,10.0.1.0/24)';

/** An IPv4/IPv6 address, optionally with a prefix length: what proxy-addr (Fastify's trustProxy) takes. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset (or none/false/0) → trust nobody; digits → hop count; otherwise addresses/CIDRs.
 * `true` (trust every peer) is refused: anyone reaching the port directly could then forge their address.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | null {
  if (value === undefined || value === 'none' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((e) => e.trim());
  return entries.every(isAddressOrCidr) ? entries : null;
}

export const envSchema = z.object({
  NODE_ENV: optional.refine(
    (v) => v === undefined || v === 'development' || v === 'test' || v === 'production',
    { message: 'must be development, test or production' },
  ),
  DEMO: flag,
  PORT: optional.refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) <= 65535), {
    message: 'must be a port number (0–65535)',
  }),
  HOST: optional,
  TRUST_PROXY: optional.refine((v) => parseTrustProxy(v) !== null, { message: TRUST_PROXY_HELP }),
  PUBLIC_URL: httpUrl,
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  DATA_DIR: optional,
  SMTP_URL: url(['smtp:', 'smtps:']),
  MAIL_FROM: optional,
  MAILING_RATE_PER_MINUTE: optional.refine(
    (v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 100_000),
    { message: 'must be a whole number of mails per minute (1–100000)' },
  ),
  TRANSCODE_CONCURRENCY: optional.refine(
    (v) => v === undefined || (/^\d+$/.test(v) && Number(v) <= 16),
    {
      message:
        'must be a whole number of videos transcoded at once (0–16; 0 turns transcoding off)',
    },
  ),
  SBERBANK_API_URL: httpUrl,
  SBERBANK_USERNAME: optional,
  SBERBANK_PASSWORD: optional,
  SBERBANK_CALLBACK_KEY: optional,
  RECAPTCHA_SITE_KEY: optional,
  RECAPTCHA_SECRET: optional,
  RECAPTCHA_VERIFY_URL: httpUrl,
  RECAPTCHA_MIN_SCORE: optional.refine(
    (v) => v === undefined || (/^\d+(\.\d+)?$/.test(v) && Number(v) <= 1),
    { message: 'must be a number from 0 to 1' },
  ),
  VK_CLIENT_ID: optional,
  VK_CLIENT_SECRET: optional,
  VK_ID_URL: httpUrl,
  FB_CLIENT_ID: optional,
  FB_CLIENT_SECRET: optional,
  FB_DIALOG_URL: httpUrl,
  FB_GRAPH_URL: httpUrl,
  FB_ENABLED: flag,
  METRIKA_COUNTER_ID: optional.refine((v) => v === undefined || /^\d+$/.test(v), {
    message: 'must be the numeric counter id',
  }),
  APP_STORE_URL: httpUrl,
  PLAY_STORE_URL: httpUrl,
  REDIS_URL: url(['redis:', 'rediss:']),
  METRICS_TOKEN: optional.refine((v) => v === undefined || /^[\x21-\x7e]{24,200}$/.test(v), {
    message: 'must be 24–200 printable characters without spaces',
  }),
  FFMPEG_PATH: optional,
  MEDIA_SIGNING_SECRET: optional.refine(
    (v) => v === undefined || v.length >= MIN_MEDIA_SIGNING_SECRET,
    { message: `must be at least ${MIN_MEDIA_SIGNING_SECRET} characters` },
  ),
  S3_BUCKET: optional.refine(
    (v) => v === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v),
    {
      message: 'must be a bucket name (3–63 lower-case letters, digits, dots and hyphens)',
    },
  ),
  S3_REGION: optional,
  S3_ENDPOINT: httpUrl,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: flag,
  ADMIN_EMAIL: email,
  ADMIN_PASSWORD: optional,
  ADMIN_TOTP: flag,
  SUPPORT_EMAIL: email,
});

export type Env = z.infer<typeof envSchema>;

export const isTrue = (v: string | undefined) =>
  v !== undefined && ['1', 'true', 'yes', 'on'].includes(v);

export const withSlash = (u: string) => (u.endsWith('/') ? u : `${u}/`);
export const withoutSlash = (u: string) => u.replace(/\/+$/, '');
