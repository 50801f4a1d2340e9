// npm run db:seed — apply migrations, then write the reference data and demo content. Idempotent:
// rows that exist are left as they are.
import { ConfigError, loadConfig } from '../src/server/config';
import { defaultSeedContent } from '../src/server/db/seed/default-content';
import { createLogger } from '../src/server/logger';
import { prepareDatabase } from '../src/server/startup';

try {
  const config = loadConfig(process.env);
  const handle = await prepareDatabase({
    config,
    logger: createLogger(),
    seed: defaultSeedContent,
  });
  await handle.close();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
