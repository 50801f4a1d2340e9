// Environment → typed configuration (ARCHITECTURE §6). Pure: loadConfig(env) never reads process.env itself,
// so tests can try any combination; main.ts passes process.env.
import { SBERBANK_TIMEOUT_MS } from './integrations/sberbank/client';
import { BlockList, isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { normalizeEmail } from '@contract/email';

export type NodeEnv = 'development' | 'test' | 'production';

export interface RecaptchaConfig {
  siteKey: string;
  secret: string;
  verifyUrl: string;
  minScore: number;
}

export interface OAuthProviderConfig {
  enabled: boolean;
  /** True when the built-in sandbox provider stands in for the real one. */
  sandbox: boolean;
  clientId: string;
  clientSecret: string;
}

export interface Config {
  nodeEnv: NodeEnv;
  production: boolean;
  /**
   * Demo mode: the sandboxes, the demo parent and the demo secrets. Only outside production, and there only
   * on a loopback HOST or with DEMO=true (a public demo stand on purpose); loadConfig refuses every other
   * non-production start, so a valid configuration is either production or the demo.
   */
  demo: boolean;
  /**
   * The implicit demo (no DEMO=true): for this machine only, so requests naming another host or carried
   * by a proxy or tunnel (forwarded headers) are refused.
   */
  demoThisMachineOnly: boolean;
  /** Sandboxes (payment page, mail outbox, OAuth providers) are mounted: exactly when `demo` is on. */
  sandboxes: boolean;
  port: number;
  host: string;
  /**
   * Who may tell us the client's address (X-Forwarded-For) and protocol (X-Forwarded-Proto), as Fastify's
   * trustProxy: false → nobody, the socket's peer is the client; a number → that many proxy hops in front;
   * addresses/CIDRs → only peers among them (the load balancer).
   */
  trustProxy: TrustProxy;
  /** Absolute origin for links in mail and payment return URLs, without a trailing slash. */
  publicUrl: string;
  /** Absolute path. Holds the embedded database (DATA_DIR/db) and the local video store. */
  dataDir: string;
  /** postgres://… or null for the embedded PGlite database in DATA_DIR/db. */
  databaseUrl: string | null;
  mail: {
    /** null → mail goes to the outbox shown at /sandbox/mail. */
    smtpUrl: string | null;
    from: string;
    /** Mailing (campaigns, lesson reminders) leaves at this steady rate, so no provider sees a burst. */
    ratePerMinute: number;
  };
  sberbank: {
    /** Base of the REST methods, ending with '/': `${apiUrl}register.do`. */
    apiUrl: string;
    sandbox: boolean;
    username: string;
    password: string;
    callbackKey: string;
    /** How long a call to the bank may take (CONTRACTS §1: 30 s); tests shorten it. */
    timeoutMs: number;
  };
  /** null → captcha off. */
  recaptcha: RecaptchaConfig | null;
  vk: OAuthProviderConfig & { idUrl: string };
  fb: OAuthProviderConfig & { dialogUrl: string; graphUrl: string };
  /** null → the silent analytics stub. */
  metrikaCounterId: string | null;
  appStoreUrl: string;
  playStoreUrl: string;
  /** null → rate limits kept in process. */
  redisUrl: string | null;
  media: MediaConfig;
  admin: {
    email: string;
    password: string;
    /** Staff sign in with a second factor (TOTP): always outside demo mode; in the demo on ADMIN_TOTP=true. */
    requireTotp: boolean;
  };
  supportEmail: string;
}

export type TrustProxy = false | number | string[];

/** Where lesson media live and how their links are signed. */
export interface MediaConfig {
  /**
   * The key of the local store's signed links. null → a random key per process (the demo: links die with
   * a restart, and instances would not accept each other's).
   */
  signingSecret: string | null;
  /**
   * The ffmpeg program that takes a poster frame from an uploaded video; default `ffmpeg` on the PATH.
   * Without it uploads still work and the editor adds a picture by hand.
   */
  ffmpegPath: string;
  /** An S3-compatible bucket instead of the local folder; null → DATA_DIR/media. */
  s3: {
    endpoint: string | undefined;
    region: string;
    bucket: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
    /** The origin the presigned links point at: the page's CSP lets media and posters come from it. */
    origin: string;
  } | null;
}

export const MIN_MEDIA_SIGNING_SECRET = 32;

/** Two mails a second: well within what a small sender may send without being throttled. */
export const DEFAULT_MAILING_RATE_PER_MINUTE = 120;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Configuration is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
        'See the configuration table in README.md.',
    );
    this.name = 'ConfigError';
  }
}

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

const REAL = {
  recaptchaVerifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
  vkIdUrl: 'https://id.vk.com',
  fbDialogUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
  fbGraphUrl: 'https://graph.facebook.com/v19.0',
} as const;

const MIN_PRODUCTION_ADMIN_PASSWORD = 12;

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
function parseTrustProxy(value: string | undefined): TrustProxy | null {
  if (value === undefined || value === 'none' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((e) => e.trim());
  return entries.every(isAddressOrCidr) ? entries : null;
}

const envSchema = z.object({
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

type Env = z.infer<typeof envSchema>;

const isTrue = (v: string | undefined) => v !== undefined && ['1', 'true', 'yes', 'on'].includes(v);

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * True when HOST only accepts connections from this machine: 127.0.0.0/8, ::1 (in any spelling, IPv4-mapped
 * included) or the name localhost. 0.0.0.0, :: and every other address or name may be reachable from outside.
 */
export function isLoopbackHost(host: string): boolean {
  if (host.toLowerCase() === 'localhost') return true;
  const version = isIP(host);
  if (version === 0) return false;
  return LOOPBACK.check(host, version === 4 ? 'ipv4' : 'ipv6');
}

/** True when a URL's host is this machine (localhost or a loopback address), e.g. http://localhost:3000. */
export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname.replace(/^\[(.*)\]$/, '$1'));
  } catch {
    return false;
  }
}

const withSlash = (u: string) => (u.endsWith('/') ? u : `${u}/`);
const withoutSlash = (u: string) => u.replace(/\/+$/, '');

/**
 * Reads the environment. Throws ConfigError listing every problem at once, so an operator fixes the
 * deployment in one go rather than one restart per variable.
 */
export function loadConfig(
  rawEnv: Record<string, string | undefined>,
  options: { cwd?: string } = {},
): Config {
  const parsed = envSchema.safeParse(rawEnv);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`),
    );
  }
  const env = parsed.data;
  const problems: string[] = [];
  const nodeEnv = (env.NODE_ENV ?? 'development') as NodeEnv;
  const production = nodeEnv === 'production';
  const port = env.PORT === undefined ? 3000 : Number(env.PORT);
  const host = env.HOST ?? '127.0.0.1';
  const publicUrl = withoutSlash(env.PUBLIC_URL ?? `http://localhost:${port}`);
  // Demo mode hands out the mail outbox (reset links included), known passwords and secrets: on a server
  // others can reach, anyone could take any account. So it needs this machine only, or an explicit yes.
  // A trusted proxy in front means the loopback port serves whoever reaches the proxy.
  const demoAsked = isTrue(env.DEMO);
  const behindProxy = (parseTrustProxy(env.TRUST_PROXY) ?? false) !== false;
  // A PUBLIC_URL of another host means links (mail, payment returns, OAuth) send people there: the demo
  // would be served to them.
  const localPublicUrl = isLoopbackUrl(publicUrl);
  const demo =
    !production && (demoAsked || (isLoopbackHost(host) && !behindProxy && localPublicUrl));

  if (production) problems.push(...productionProblems(env));
  if (production && demoAsked) {
    problems.push(
      'DEMO=true cannot be combined with NODE_ENV=production: demo mode opens the mail outbox, ' +
        'the sandboxes and the demo accounts to everyone',
    );
  }
  if (!production && !demo && behindProxy && isLoopbackHost(host)) {
    problems.push(
      'TRUST_PROXY says a proxy forwards requests from other machines, and outside production the ' +
        'server runs in demo mode (mail outbox at /sandbox/mail, OAuth sandboxes, demo accounts and ' +
        'secrets). Set NODE_ENV=production for a real site, or DEMO=true for a public demo stand on purpose',
    );
  } else if (!production && !demo && isLoopbackHost(host) && !localPublicUrl) {
    problems.push(
      `PUBLIC_URL=${publicUrl} is another machine's address, and outside production the server runs in ` +
        'demo mode (mail outbox at /sandbox/mail, OAuth sandboxes, demo accounts and secrets), which is ' +
        'for this machine only. Set NODE_ENV=production for a real site, DEMO=true for a public demo ' +
        'stand on purpose, or leave PUBLIC_URL unset (http://localhost:PORT)',
    );
  } else if (!production && !demo) {
    problems.push(
      `HOST=${host} may be reachable from other machines, and outside production the server runs in ` +
        'demo mode (mail outbox at /sandbox/mail, OAuth sandboxes, demo accounts and secrets). ' +
        'Set NODE_ENV=production for a real site, DEMO=true for a public demo stand on purpose, ' +
        'or listen on 127.0.0.1',
    );
  }

  // A public demo stand is everyone's demo, but the administrator must stay its operator's.
  const publicDemo = demo && (!isLoopbackHost(host) || behindProxy || !localPublicUrl);
  if (
    publicDemo &&
    (env.ADMIN_PASSWORD === undefined || env.ADMIN_PASSWORD === DEMO.adminPassword)
  ) {
    problems.push(
      'ADMIN_PASSWORD must be set (and not the demo one) when DEMO=true serves other machines: ' +
        'everyone can read the demo administrator’s password in README.md',
    );
  }

  const recaptchaSet = [env.RECAPTCHA_SITE_KEY, env.RECAPTCHA_SECRET].filter(Boolean).length;
  if (recaptchaSet === 1) {
    problems.push(
      'RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET must be set together (or both left unset)',
    );
  }
  const vkSet = [env.VK_CLIENT_ID, env.VK_CLIENT_SECRET].filter(Boolean).length;
  if (vkSet === 1) problems.push('VK_CLIENT_ID and VK_CLIENT_SECRET must be set together');
  const fbSet = [env.FB_CLIENT_ID, env.FB_CLIENT_SECRET].filter(Boolean).length;
  if (fbSet === 1) problems.push('FB_CLIENT_ID and FB_CLIENT_SECRET must be set together');

  const s3Set = [env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY].filter(
    Boolean,
  ).length;
  if (s3Set > 0 && s3Set < 3) {
    problems.push('S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }

  if (problems.length > 0) throw new ConfigError(problems);

  const sberbankSandbox = env.SBERBANK_API_URL === undefined;
  const vkSandbox = env.VK_CLIENT_ID === undefined;
  const fbSandbox = env.FB_CLIENT_ID === undefined;
  // Sign-in through foreign services is restricted in Russia (CONTRACTS §3): Facebook is opt-in in
  // production and on by default only in the demo, where the sandbox provider stands in.
  const fbEnabled = env.FB_ENABLED === undefined ? !production : isTrue(env.FB_ENABLED);

  return {
    nodeEnv,
    production,
    demo,
    demoThisMachineOnly: demo && !demoAsked,
    sandboxes: demo,
    port,
    host,
    trustProxy: parseTrustProxy(env.TRUST_PROXY) ?? false,
    publicUrl,
    dataDir: resolve(options.cwd ?? process.cwd(), env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL ?? null,
    mail: {
      smtpUrl: env.SMTP_URL ?? null,
      from: env.MAIL_FROM ?? DEMO.mailFrom,
      ratePerMinute: Number(env.MAILING_RATE_PER_MINUTE ?? DEFAULT_MAILING_RATE_PER_MINUTE),
    },
    sberbank: {
      apiUrl: withSlash(env.SBERBANK_API_URL ?? `${publicUrl}/sandbox/sberbank/payment/rest/`),
      sandbox: sberbankSandbox,
      username: env.SBERBANK_USERNAME ?? DEMO.sberbankUsername,
      password: env.SBERBANK_PASSWORD ?? DEMO.sberbankPassword,
      callbackKey: env.SBERBANK_CALLBACK_KEY ?? DEMO.sberbankCallbackKey,
      timeoutMs: SBERBANK_TIMEOUT_MS,
    },
    recaptcha:
      env.RECAPTCHA_SITE_KEY !== undefined && env.RECAPTCHA_SECRET !== undefined
        ? {
            siteKey: env.RECAPTCHA_SITE_KEY,
            secret: env.RECAPTCHA_SECRET,
            verifyUrl: env.RECAPTCHA_VERIFY_URL ?? REAL.recaptchaVerifyUrl,
            minScore: env.RECAPTCHA_MIN_SCORE === undefined ? 0.5 : Number(env.RECAPTCHA_MIN_SCORE),
          }
        : null,
    vk: {
      enabled: true,
      sandbox: vkSandbox,
      clientId: env.VK_CLIENT_ID ?? DEMO.vkClientId,
      clientSecret: env.VK_CLIENT_SECRET ?? DEMO.vkClientSecret,
      idUrl: withoutSlash(
        env.VK_ID_URL ?? (vkSandbox ? `${publicUrl}/sandbox/oauth/vk` : REAL.vkIdUrl),
      ),
    },
    fb: {
      enabled: fbEnabled,
      sandbox: fbSandbox,
      clientId: env.FB_CLIENT_ID ?? DEMO.fbClientId,
      clientSecret: env.FB_CLIENT_SECRET ?? DEMO.fbClientSecret,
      dialogUrl:
        env.FB_DIALOG_URL ??
        (fbSandbox ? `${publicUrl}/sandbox/oauth/fb/dialog` : REAL.fbDialogUrl),
      graphUrl: withoutSlash(
        env.FB_GRAPH_URL ?? (fbSandbox ? `${publicUrl}/sandbox/oauth/fb/graph` : REAL.fbGraphUrl),
      ),
    },
    metrikaCounterId: env.METRIKA_COUNTER_ID ?? null,
    appStoreUrl: env.APP_STORE_URL ?? DEMO.appStoreUrl,
    playStoreUrl: env.PLAY_STORE_URL ?? DEMO.playStoreUrl,
    redisUrl: env.REDIS_URL ?? null,
    media: mediaConfig(env),
    admin: {
      email: (env.ADMIN_EMAIL ?? DEMO.adminEmail).toLowerCase(),
      password: env.ADMIN_PASSWORD ?? DEMO.adminPassword,
      requireTotp: !demo || isTrue(env.ADMIN_TOTP),
    },
    // The stored form (lower case, punycode domain): mail is queued only to addresses in that form.
    supportEmail: normalizeEmail(env.SUPPORT_EMAIL ?? DEMO.supportEmail) ?? DEMO.supportEmail,
  };
}

const DEFAULT_S3_REGION = 'us-east-1';

function mediaConfig(env: Env): MediaConfig {
  const signingSecret = env.MEDIA_SIGNING_SECRET ?? null;
  const ffmpegPath = env.FFMPEG_PATH ?? 'ffmpeg';
  if (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) {
    return { signingSecret, ffmpegPath, s3: null };
  }
  const region = env.S3_REGION ?? DEFAULT_S3_REGION;
  const endpoint = env.S3_ENDPOINT === undefined ? undefined : withoutSlash(env.S3_ENDPOINT);
  // Self-hosted stores (MinIO, s3rver) and most Russian clouds' custom endpoints want path-style URLs.
  const forcePathStyle =
    env.S3_FORCE_PATH_STYLE === undefined
      ? endpoint !== undefined
      : isTrue(env.S3_FORCE_PATH_STYLE);
  let origin: string;
  if (endpoint === undefined) {
    origin = `https://${env.S3_BUCKET}.s3.${region}.amazonaws.com`;
  } else {
    const base = new URL(endpoint);
    origin = forcePathStyle ? base.origin : `${base.protocol}//${env.S3_BUCKET}.${base.host}`;
  }
  return {
    signingSecret,
    ffmpegPath,
    s3: {
      endpoint,
      region,
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle,
      origin,
    },
  };
}

/** In production every sandbox is off, so everything a sandbox would have stood in for must be given. */
function productionProblems(env: Env): string[] {
  const problems: string[] = [];
  const need = (name: keyof Env, why: string) => {
    if (env[name] === undefined) problems.push(`${name} is required in production (${why})`);
  };
  need('DATABASE_URL', 'the embedded database is for the demo; use PostgreSQL');
  need('PUBLIC_URL', 'links in mail and payment return URLs must point at the real site');
  need('SMTP_URL', 'the mail outbox sandbox is off in production');
  need('MAIL_FROM', 'the sender of the school’s mail');
  need('SBERBANK_API_URL', 'the payment sandbox is off in production');
  need('SBERBANK_USERNAME', 'merchant credentials');
  need('SBERBANK_PASSWORD', 'merchant credentials');
  need('SBERBANK_CALLBACK_KEY', 'checksum key of the gateway callbacks');
  need('VK_CLIENT_ID', 'the VK ID sandbox is off in production');
  need('VK_CLIENT_SECRET', 'the VK ID sandbox is off in production');
  need('ADMIN_EMAIL', 'the first administrator');
  need('ADMIN_PASSWORD', 'the first administrator');
  need('SUPPORT_EMAIL', 'where support requests are mailed');
  // Where the client's address comes from decides what every per-address limit counts: in production
  // the operator says it rather than the server guessing.
  need(
    'TRUST_PROXY',
    'the load balancer’s addresses/CIDRs or its hop count, or none when clients connect directly',
  );
  // The bucket's keys sign every link and the videos travel to parents' pages: never over plain http.
  if (env.S3_ENDPOINT !== undefined && !env.S3_ENDPOINT.toLowerCase().startsWith('https:')) {
    problems.push('S3_ENDPOINT must be an https:// address in production');
  }
  // Local video links must outlive a restart and be honoured by every instance; a bucket signs its own.
  if (env.S3_BUCKET === undefined) {
    need(
      'MEDIA_SIGNING_SECRET',
      'the key of the video links, shared by every instance (or use S3_*)',
    );
  }
  if (isTrue(env.FB_ENABLED)) {
    need('FB_CLIENT_ID', 'FB_ENABLED is on and the Facebook sandbox is off in production');
    need('FB_CLIENT_SECRET', 'FB_ENABLED is on and the Facebook sandbox is off in production');
  }
  // Sessions, passwords and the Secure cookies travel only over https on a real site.
  if (env.PUBLIC_URL !== undefined && !env.PUBLIC_URL.toLowerCase().startsWith('https:')) {
    problems.push('PUBLIC_URL must be an https:// address in production');
  }
  const password = env.ADMIN_PASSWORD;
  if (password !== undefined) {
    if (password === DEMO.adminPassword) {
      problems.push('ADMIN_PASSWORD must not be the demo password in production');
    } else if (password.length < MIN_PRODUCTION_ADMIN_PASSWORD) {
      problems.push(
        `ADMIN_PASSWORD must be at least ${MIN_PRODUCTION_ADMIN_PASSWORD} characters in production`,
      );
    }
  }
  const demoValues: [keyof Env, string][] = [
    ['SBERBANK_USERNAME', DEMO.sberbankUsername],
    ['SBERBANK_PASSWORD', DEMO.sberbankPassword],
    ['SBERBANK_CALLBACK_KEY', DEMO.sberbankCallbackKey],
    // The sandbox providers' values are public: a real provider never issues them, and a callback or
    // a signed_request checked with them proves nothing.
    ['VK_CLIENT_ID', DEMO.vkClientId],
    ['VK_CLIENT_SECRET', DEMO.vkClientSecret],
    ['FB_CLIENT_ID', DEMO.fbClientId],
    ['FB_CLIENT_SECRET', DEMO.fbClientSecret],
  ];
  for (const [name, demo] of demoValues) {
    if (env[name] === demo) problems.push(`${name} must not be the sandbox value in production`);
  }
  return problems;
}
