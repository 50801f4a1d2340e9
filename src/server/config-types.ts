// The typed configuration the server runs with: what loadConfig (config.ts) returns.
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
    /** How long a call to the bank may take (src/server/integrations/sberbank/README.md: 30 s); tests shorten it. */
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
  /** The bearer token of GET /metrics; null → no metrics endpoint (404). */
  metricsToken: string | null;
  media: MediaConfig;
  admin: {
    email: string;
    password: string;
    /**
     * Staff sign in with a second factor (TOTP): always outside demo mode; in the demo on ADMIN_TOTP=true
     * (and for any account that has one enrolled, whatever this says).
     */
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
  /**
   * How many lesson videos are turned into HLS ladders at once per instance (`TRANSCODE_CONCURRENCY`);
   * default one per two cores, at least one. 0: no transcoding here (lessons play their original file).
   */
  transcodeConcurrency: number;
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
