// npm run db:lock-demo-accounts — before the first production start of a database that was a demo: the
// demo parent and administrators with a password published for the demo lose it (the administrator of
// ADMIN_EMAIL gets ADMIN_PASSWORD) and their sessions end. Production start-up refuses until this is done.
import { ConfigError, loadConfig } from '../src/server/config';
import { databaseTarget, openDatabase } from '../src/server/db/client';
import { lockDemoAccounts } from '../src/server/db/seed/demo-accounts';

try {
  const config = loadConfig(process.env);
  if (!config.production) {
    console.error(
      'Run this with the production environment (NODE_ENV=production and its variables): ' +
        'in demo mode the demo accounts are meant to be there.',
    );
    process.exit(1);
  }
  const handle = await openDatabase(databaseTarget(config));
  try {
    const locked = await lockDemoAccounts(handle.db, config);
    console.log(
      locked.length === 0
        ? 'No account signs in with a demo password.'
        : `Demo passwords removed from: ${locked.join(', ')}`,
    );
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
