// npm run db:migrate — apply pending migrations to the configured database (DATABASE_URL or DATA_DIR).
import { ConfigError, loadConfig } from '../src/server/config';
import { createLogger } from '../src/server/logger';
import { prepareDatabase } from '../src/server/startup';

try {
  const config = loadConfig(process.env);
  const handle = await prepareDatabase({ config, logger: createLogger(), seed: null });
  await handle.close();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
