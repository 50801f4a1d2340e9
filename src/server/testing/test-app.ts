import type { MediaStore } from '../integrations/storage/store';
import type { SetupCode } from '../modules/admin/first-admin-setup';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { buildApp } from '../app';
import { isLoopbackUrl, loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import type { Clock } from '../deps';
import type { SberbankSandboxOptions } from '../sandbox/sberbank/options';

/** Administrator password of the public demo stand a test with a public PUBLIC_URL runs as. */
export const TEST_STAND_ADMIN_PASSWORD = 'test-stand-operator-password';

/**
 * Demo configuration as the tests want it; pass variables to try others. A PUBLIC_URL of another host
 * (links in mail, https cookies) makes it a public demo stand, as it would have to be (DEMO=true, with
 * its own administrator password): the implicit demo is for a loopback PUBLIC_URL only.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  const stand =
    env.NODE_ENV !== 'production' &&
    env.PUBLIC_URL !== undefined &&
    !isLoopbackUrl(env.PUBLIC_URL) &&
    env.DEMO === undefined
      ? { DEMO: 'true', ADMIN_PASSWORD: TEST_STAND_ADMIN_PASSWORD }
      : {};
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: join(tmpdir(), 'umnyashki-test-data'),
    ...stand,
    ...env,
  });
}

/** No SPA unless a test brings its own: API tests do not depend on a build. */
const NO_WEB_DIR = join(tmpdir(), 'umnyashki-test-no-web-build');

export function createTestApp(options: {
  db: Database;
  config?: Config;
  clock?: Clock;
  webDir?: string;
  media?: MediaStore;
  /** Default: no callbacks, so no test reaches for the network unless it asks to. */
  sberbankSandbox?: SberbankSandboxOptions;
  /** The first administrator's start-up code, as main.ts would print it. */
  setupCode?: SetupCode;
}) {
  return buildApp({
    config: options.config ?? testConfig(),
    db: options.db,
    clock: options.clock,
    webDir: options.webDir ?? NO_WEB_DIR,
    media: options.media,
    sberbankSandbox: options.sberbankSandbox ?? { callbacks: false },
    setupCode: options.setupCode,
  });
}
