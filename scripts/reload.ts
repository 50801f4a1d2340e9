// `npm run reload`: a rolling restart of the cluster serving DATA_DIR (docs/OPERATIONS.md «Deploying a new
// version») — the primary's pid is in DATA_DIR/cluster.pid; SIGHUP makes it replace its workers one by one.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
import { alivePid } from '../src/server/backup/school-process';
import { PID_FILE } from '../src/server/rolling-restart';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let dataDir: string;
try {
  dataDir = loadConfig(process.env).dataDir;
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
const file = join(dataDir, PID_FILE);
if (!existsSync(file)) {
  fail(`No cluster serves ${dataDir}: ${file} is missing (start it with npm run start:cluster).`);
}
// The very process that wrote the file, not another one that got its pid since.
const pid = alivePid(file);
if (pid === null) fail(`The cluster's primary named in ${file} is not running.`);
process.kill(pid, 'SIGHUP');
console.log(
  `Rolling restart asked of the cluster's primary (pid ${pid}): it replaces its instances one by one.`,
);
