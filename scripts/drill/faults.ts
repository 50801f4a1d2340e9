// The five faults, in the order the drill stages them. Each returns when the school is whole again: the
// host back, the service answering, the roll done.
import { PAYMENT_PAGE_PATH, SANDBOX_PREFIX } from '../../src/server/sandbox/sberbank/paths';
import type { SchoolHost } from './hosts';
import { restartPostgres } from './services';
import type { Wire } from './wire';

export interface Stage {
  hosts: SchoolHost[];
  /** Each host's wires ([POSTGRES, REDIS, HTTP]), by host number − 1. */
  wires: Wire[][];
}

/** Each host's wires, in this order. */
export const POSTGRES = 0;
export const REDIS = 1;
export const HTTP = 2;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The request line of the card form's POST on the bank's page, as HAProxy passes it to a host. */
const PAYMENT_REQUEST = `POST ${SANDBOX_PREFIX}${PAYMENT_PAGE_PATH}`;
const never = (): never => {
  throw new Error('a host without its wire');
};

export interface Fault {
  name: string;
  run(stage: Stage): Promise<void>;
}

export const FAULTS: Fault[] = [
  {
    name: 'a host dies mid-payment',
    async run({ hosts, wires }) {
      // The host that is handed a payment's card next dies with it: every process, without a word.
      const chosen = await Promise.race(
        wires.map((w, i) => (w[HTTP] ?? never()).sees(PAYMENT_REQUEST).then(() => i)),
      );
      const host = hosts[chosen];
      if (!host) throw new Error('no such host');
      await host.kill();
      await pause(10_000);
      await host.start();
    },
  },
  {
    name: 'PostgreSQL restarts',
    async run() {
      await restartPostgres();
    },
  },
  {
    // Cut at every host's wire, not stopped on this machine: the school sees the same (every connection
    // reset, every new one refused), and this machine's Redis, which other programs may use, keeps its data.
    name: 'Redis stops for 30 s',
    async run({ wires }) {
      const redis = wires.map((w) => w[REDIS]).filter((w) => w !== undefined);
      for (const wire of redis) wire.cut();
      await pause(30_000);
      for (const wire of redis) wire.mend();
    },
  },
  {
    name: '200 ms of latency on one host',
    async run({ wires }) {
      const slow = wires[2] ?? [];
      for (const wire of slow) wire.delayMs = 200;
      await pause(20_000);
      for (const wire of slow) wire.delayMs = 0;
    },
  },
  {
    name: 'a rolling restart of all three',
    async run({ hosts }) {
      for (const host of hosts) await host.roll();
    },
  },
];
