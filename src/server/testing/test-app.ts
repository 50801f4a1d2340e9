import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import type { Clock } from '../deps';

/** Demo configuration as the tests want it; pass variables to try others. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: join(tmpdir(), 'umnyashki-test-data'), ...env });
}

/** No SPA unless a test brings its own: API tests do not depend on a build. */
const NO_WEB_DIR = join(tmpdir(), 'umnyashki-test-no-web-build');

export function createTestApp(options: {
  db: Database;
  config?: Config;
  clock?: Clock;
  webDir?: string;
}) {
  return buildApp({
    config: options.config ?? testConfig(),
    db: options.db,
    clock: options.clock,
    webDir: options.webDir ?? NO_WEB_DIR,
  });
}
