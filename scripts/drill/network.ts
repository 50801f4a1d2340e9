// The drill's network: three school hosts, each a network namespace joined to this machine by a veth pair
// (10.200.N.2 in the host, 10.200.N.1 on this side), and the balancer's address 10.200.0.1 on this side's
// loopback, which every host reaches through its default route. Needs root and iproute2.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';

export const HOSTS = [1, 2, 3] as const;
export type HostNumber = (typeof HOSTS)[number];
export const BALANCER_ADDRESS = '10.200.0.1';

export const namespaceOf = (n: HostNumber) => `school-drill-${n}`;
/** This side of host n's cable: where its PostgreSQL and Redis wires listen. */
export const hostSide = (n: HostNumber) => `10.200.${n}.1`;
/** The host's own address. */
export const hostAddress = (n: HostNumber) => `10.200.${n}.2`;

function ip(...args: string[]): void {
  execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

function quietly(...args: string[]): void {
  try {
    ip(...args);
  } catch {
    // Already gone: a clean start or a second teardown.
  }
}

export function tearDownNetwork(): void {
  for (const n of HOSTS) {
    // A namespace lives on while a process runs in it: stop its processes first.
    try {
      const pids = execFileSync('ip', ['netns', 'pids', namespaceOf(n)], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      for (const pid of pids
        .split('\n')
        .map(Number)
        .filter((p) => p > 0)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    } catch {
      // No such namespace.
    }
    quietly('netns', 'delete', namespaceOf(n));
    quietly('link', 'delete', `sdrill${n}r`);
  }
  quietly('address', 'delete', `${BALANCER_ADDRESS}/32`, 'dev', 'lo');
}

export function setUpNetwork(): void {
  tearDownNetwork();
  ip('address', 'add', `${BALANCER_ADDRESS}/32`, 'dev', 'lo');
  for (const n of HOSTS) {
    const ns = namespaceOf(n);
    const outside = `sdrill${n}r`;
    const inside = `sdrill${n}h`;
    ip('netns', 'add', ns);
    ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', inside);
    ip('link', 'set', inside, 'netns', ns);
    ip('address', 'add', `${hostSide(n)}/24`, 'dev', outside);
    ip('link', 'set', outside, 'up');
    ip('-n', ns, 'link', 'set', 'lo', 'up');
    ip('-n', ns, 'address', 'add', `${hostAddress(n)}/24`, 'dev', inside);
    ip('-n', ns, 'link', 'set', inside, 'up');
    ip('-n', ns, 'route', 'add', 'default', 'via', hostSide(n));
  }
}

/** Every process in host n's namespace (its school's primary and workers); asked while the load runs. */
export async function processesOf(n: HostNumber): Promise<number[]> {
  const { stdout } = await promisify(execFile)('ip', ['netns', 'pids', namespaceOf(n)]);
  return stdout
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => Number.isInteger(pid) && pid > 0);
}
