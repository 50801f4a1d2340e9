// The drill's cables: a TCP relay on the host side of a school host's veth, to PostgreSQL, to Redis or (for
// HAProxy) to the host itself. This machine's kernel has no netem, so the 200 ms of latency a fault adds
// to one host is added here, to every byte that host sends. A relay to a host that is down accepts, then
// resets the connection (HAProxy sees a connection closed before any answer, and tries another host).
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface Wire {
  readonly address: string;
  readonly port: number;
  /** Milliseconds added to every chunk the school host sends on this wire (0: none). */
  delayMs: number;
  /** Resolves when the caller side sends bytes holding `marker` (a request line the drill waits for). */
  sees(marker: string): Promise<void>;
  /** Cut: every open connection is reset, every new one reset at once, until `mend`. */
  cut(): void;
  mend(): void;
  close(): Promise<void>;
}

/**
 * One direction of a connection: what its receiving socket must get — bytes, an end, a reset — in the
 * order it came, each `delay()` after it came. One timer drains the queue, so nothing overtakes.
 */
function lane(delay: () => number): (act: () => unknown) => void {
  const queue: { due: number; act: () => unknown }[] = [];
  let timer: NodeJS.Timeout | null = null;
  const drain = () => {
    timer = null;
    for (let next = queue[0]; next && next.due <= Date.now(); next = queue[0]) {
      queue.shift();
      next.act();
    }
    const first = queue[0];
    if (first) timer = setTimeout(drain, first.due - Date.now());
  };
  return (act) => {
    const due = Math.max(Date.now() + delay(), queue.at(-1)?.due ?? 0);
    if (queue.length === 0 && due <= Date.now()) {
      act();
      return;
    }
    queue.push({ due, act });
    timer ??= setTimeout(drain, Math.max(0, due - Date.now()));
  };
}

/**
 * Forwards `listen` → `target`. `fromHost` says which direction is the school host's: its chunks wait
 * `delayMs` (in order) before going on.
 */
export async function openWire(options: {
  listen: { host: string; port: number };
  target: { host: string; port: number };
  fromHost: 'client' | 'target';
}): Promise<Wire> {
  const sockets = new Set<Socket>();
  let delayMs = 0;

  let cut = false;
  const watchers: { marker: string; seen: () => void }[] = [];
  const watch = (chunk: Buffer) => {
    if (watchers.length === 0) return;
    const text = chunk.toString('latin1');
    for (const w of [...watchers]) {
      if (text.includes(w.marker)) {
        watchers.splice(watchers.indexOf(w), 1);
        w.seen();
      }
    }
  };
  const server: Server = createServer({ allowHalfOpen: true }, (client) => {
    if (cut) {
      client.on('error', () => undefined);
      client.resetAndDestroy();
      return;
    }
    // Half-open on both sides: a peer that has sent all it will (HAProxy's health check does) still gets
    // the answer held back for it.
    const upstream = connect({
      port: options.target.port,
      host: options.target.host,
      allowHalfOpen: true,
    });
    sockets.add(client);
    sockets.add(upstream);
    const toUpstream = lane(() => (options.fromHost === 'client' ? delayMs : 0));
    const toClient = lane(() => (options.fromHost === 'target' ? delayMs : 0));
    client.on('data', (chunk: Buffer) => {
      watch(chunk);
      toUpstream(() => upstream.destroyed || upstream.write(chunk));
    });
    upstream.on('data', (chunk: Buffer) => toClient(() => client.destroyed || client.write(chunk)));
    client.on('end', () => toUpstream(() => upstream.end()));
    upstream.on('end', () => toClient(() => client.end()));
    // A host that is gone or refuses is seen as a reset, as from the host's own kernel.
    client.on('error', () => toUpstream(() => upstream.destroy()));
    upstream.on('error', () => toClient(() => client.destroyed || client.resetAndDestroy()));
    client.on('close', () => {
      sockets.delete(client);
      toUpstream(() => upstream.destroy());
    });
    upstream.on('close', () => {
      sockets.delete(upstream);
      toClient(() => client.end());
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.listen.port, options.listen.host, () => resolve());
  });
  const bound = server.address();
  const port = typeof bound === 'object' && bound ? bound.port : options.listen.port;

  return {
    address: options.listen.host,
    port,
    get delayMs() {
      return delayMs;
    },
    set delayMs(value: number) {
      delayMs = value;
    },
    sees(marker) {
      return new Promise((resolve) => watchers.push({ marker, seen: resolve }));
    },
    cut() {
      cut = true;
      for (const socket of sockets) socket.resetAndDestroy();
    },
    mend() {
      cut = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
