// `npm run backup -- FILE`: the database and the local media folder in one file (docs/OPERATIONS.md «Backups»).
import { ConfigError, loadConfig } from '../src/server/config';
import { takeBackup } from '../src/server/backup/backup';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run backup -- FILE');
  process.exit(1);
}
try {
  const manifest = await takeBackup(loadConfig(process.env), file);
  console.log(
    `Backup written to ${file}: ${manifest.database === 'postgres' ? 'PostgreSQL' : 'the embedded database'} ` +
      `(${manifest.migrations} migrations)${manifest.media ? ' and the media folder' : ''}.`,
  );
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Backup failed: ${String(error)}`);
  process.exit(1);
}
