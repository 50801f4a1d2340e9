// Environment → typed configuration (docs/ARCHITECTURE.md). Pure: loadConfig(env) never reads process.env itself,
// so tests can try any combination; main.ts passes process.env.
import { SBERBANK_TIMEOUT_MS } from './integrations/sberbank/client';
import { BlockList, isIP } from 'node:net';
import { resolve } from 'node:path';
import { normalizeEmail } from '@contract/email';
import type { Config, NodeEnv } from './config-types';
import {
  DEFAULT_MAILING_RATE_PER_MINUTE,
  DEMO,
  REAL,
  envSchema,
  isTrue,
  parseTrustProxy,
  withSlash,
  withoutSlash,
} from './config-env';
import { mediaConfig } from './config-media';
import { productionProblems } from './config-production';

export type {
  Config,
  MediaConfig,
  NodeEnv,
  OAuthProviderConfig,
  RecaptchaConfig,
  TrustProxy,
} from './config-types';
export { DEFAULT_MAILING_RATE_PER_MINUTE, DEMO, MIN_MEDIA_SIGNING_SECRET } from './config-env';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Configuration is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
        'See the configuration table in README.md.',
    );
    this.name = 'ConfigError';
  }
}

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
  // Sign-in through foreign services is restricted in Russia (src/server/integrations/oauth/README.md): Facebook is opt-in in
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
    metricsToken: env.METRICS_TOKEN ?? null,
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
