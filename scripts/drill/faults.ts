// The five faults, in the order the drill stages them. Each returns when the school is whole again: the
// host back, the service answering, the roll done.
import type { SchoolHost } from './hosts';
import type { Record_ } from './load';
import { restartPostgres } from './services';
import type { Wire } from './wire';

export interface Stage {
  hosts: SchoolHost[];
  /** Each host's wires ([POSTGRES, REDIS, HTTP]), by host number − 1. */
  wires: Wire[][];
  records: Record_[];
}

/** Each host's wires, in this order. */
export const POSTGRES = 0;
export const REDIS = 1;
export const HTTP = 2;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PAYMENT_STEPS = new Set(['order', 'card page', 'card', 'order state']);

export interface Fault {
  name: string;
  run(stage: Stage): Promise<void>;
}

export const FAULTS: Fault[] = [
  {
    name: 'a host dies mid-payment',
    async run({ hosts, records }) {
      // Wait for a payment under way, then cut the host's processes off without a word.
      const deadline = Date.now() + 30_000;
      while (!records.some((r) => r.end === 0 && PAYMENT_STEPS.has(r.what))) {
        if (Date.now() > deadline) throw new Error('no payment was under way in 30 s');
        await pause(10);
      }
      const host = hosts[1];
      if (!host) throw new Error('no second host');
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
