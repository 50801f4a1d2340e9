import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { ServerTimeouts } from './http/timeouts';
import type { Database } from './db/client';
import type { CaptchaVerifier } from './integrations/captcha/recaptcha';
import type { MediaStore } from './integrations/storage/store';
import type { SetupCode } from './modules/admin/first-admin-setup';
import type { PublicCache } from './modules/public-cache/public-cache';
import type { SberbankSandboxOptions } from './sandbox/sberbank/options';
import type { Clock } from './shared/clock';

export { systemClock, type Clock } from './shared/clock';

export interface AppDeps {
  config: Config;
  db: Database;
  /** Structured logger; none → silent (tests). */
  logger?: FastifyBaseLogger;
  clock?: Clock;
  /** Folder of the built SPA; default dist/web. */
  webDir?: string;
  /** Folder of the web's server bundle (public pages rendered on the server); default beside webDir. */
  serverDir?: string;
  /** How long to wait for slow clients; default http/timeouts.ts. Tests shrink them. */
  timeouts?: ServerTimeouts;
  /** Where lesson media live; default the local folder DATA_DIR/media (with the bundled demo media). */
  media?: MediaStore;
  /** The demo's sandbox bank: where its callbacks go, whether the timeout card hangs. Tests set these. */
  sberbankSandbox?: SberbankSandboxOptions;
  /** The public content cache; default one of the app's own, closed with it. */
  publicCache?: PublicCache;
  /** The code main.ts printed for the first administrator's enrolment; default none. */
  setupCode?: SetupCode;
}

/** What every module's routes receive. */
export interface ModuleDeps {
  config: Config;
  db: Database;
  clock: Clock;
  captcha: CaptchaVerifier;
  media: MediaStore;
  /** Public catalogue and texts from memory, dropped on every instance when they change. */
  publicCache: PublicCache;
  /** The first administrator's start-up code (first-admin-setup.ts). */
  setupCode: SetupCode;
}
