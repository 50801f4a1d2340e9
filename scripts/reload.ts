// `npm run reload`: a rolling restart of the cluster serving DATA_DIR (docs/OPERATIONS.md «Deploying a new
// version») — the primary's pid is in DATA_DIR/cluster.pid; SIGHUP makes it replace its workers one by one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
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
let pid: number;
try {
  pid = Number(readFileSync(file, 'utf8').trim());
} catch {
  fail(`No cluster serves ${dataDir}: ${file} is missing (start it with npm run start:cluster).`);
}
if (!Number.isInteger(pid) || pid <= 0) fail(`${file} does not hold a process id.`);
try {
  process.kill(pid, 'SIGHUP');
} catch {
  fail(`The cluster's primary (pid ${pid}, from ${file}) is not running.`);
}
console.log(
  `Rolling restart asked of the cluster's primary (pid ${pid}): it replaces its instances one by one.`,
);
