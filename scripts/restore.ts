// `npm run restore -- FILE [--force]`: into an empty target unless --force (docs/OPERATIONS.md «Backups»).
import { ConfigError, loadConfig } from '../src/server/config';
import { restoreBackup, RestoreRefused } from '../src/server/backup/restore';

const args = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((arg) => arg !== '--force');
if (!file) {
  console.error('Usage: npm run restore -- FILE [--force]');
  process.exit(1);
}
try {
  const manifest = await restoreBackup(loadConfig(process.env), file, { force });
  console.log(
    `Restored ${file} (taken ${manifest.createdAt}, ${manifest.migrations} migrations)` +
      `${manifest.media ? ' with the media folder' : ''}. Start the school: newer migrations apply at start.`,
  );
} catch (error) {
  if (error instanceof ConfigError) console.error(error.message);
  else if (error instanceof RestoreRefused) console.error(`Restore refused: ${error.message}`);
  else console.error(`Restore failed: ${String(error)}`);
  process.exit(1);
}
