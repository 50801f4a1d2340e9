// What every start does before serving: open the database, bring its schema up to date, seed it.
// Shared by main.ts and the db:migrate / db:seed scripts.
import type { Logger } from 'pino';
import type { Config } from './config';
import { databaseTarget, openDatabase, type DatabaseHandle } from './db/client';
import { migrateDatabase } from './db/migrate';
import type { SeedContent } from './db/seed/content';
import { refuseDemoAccounts } from './db/seed/demo-accounts';
import { seedDatabase } from './db/seed/seed';
import { seedDemoFamily } from './db/seed/seed-demo-family';
import { sweepExpired } from './modules/auth/service';
import { systemClock } from './deps';

export async function prepareDatabase(options: {
  config: Config;
  logger: Logger;
  seed: SeedContent | null;
}): Promise<DatabaseHandle> {
  const { config, logger } = options;
  const handle = await openDatabase(databaseTarget(config));
  logger.info(
    { driver: handle.driver, ...(handle.driver === 'pglite' ? { dir: config.dataDir } : {}) },
    'database opened',
  );
  try {
    await handle.withStartupLock(async () => {
      await migrateDatabase(handle);
      logger.info('migrations applied');
      if (options.seed) {
        const { inserted } = await seedDatabase({ db: handle.db, config, content: options.seed });
        const total = Object.values(inserted).reduce((a, b) => a + b, 0);
        logger.info({ inserted }, total > 0 ? 'seed written' : 'seed already in place');
        const demo = await seedDemoFamily({ db: handle.db, config });
        if (demo.inserted > 0) logger.info({ inserted: demo.inserted }, 'demo family written');
      }
      await sweepExpired({ db: handle.db, clock: systemClock });
      // A database seeded as a demo keeps its demo accounts; their passwords are in README.md.
      if (config.production) await refuseDemoAccounts(handle.db);
    });
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
