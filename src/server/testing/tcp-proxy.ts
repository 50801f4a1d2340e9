// A TCP proxy a test puts between the app and PostgreSQL to stage the outages the app must survive:
// down (every connection reset, new ones refused), frozen (connections stay open but no byte moves either
// way, like a hung server or a black-holed network), and back up. Loopback only; for tests.
import { createServer, connect, type Server, type Socket } from 'node:net';

export type ProxyState = 'up' | 'down' | 'frozen';

interface Link {
  client: Socket;
  server: Socket;
  /** Bytes held back while frozen, per direction; delivered on resume if both ends are still open. */
  toServer: Buffer[];
  toClient: Buffer[];
}

export interface TcpProxy {
  readonly port: number;
  readonly state: ProxyState;
  /** `url` with host and port replaced by the proxy's. */
  urlFor(url: string): string;
  /** Resets every open connection and every new one. */
  down(): void;
  /** Stops forwarding; connections (and new ones) stay open and silent. */
  freeze(): void;
  /** Freezes everything the moment the app sends bytes containing `marker` (held back with the rest). */
  freezeOn(marker: string): Promise<void>;
  /** Forwards again; bytes held while frozen go through. */
  up(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let state: ProxyState = 'up';
  let trigger: { marker: string; fired: () => void } | undefined;
  const links = new Set<Link>();

  const flush = (link: Link) => {
    for (const chunk of link.toServer.splice(0)) link.server.write(chunk);
    for (const chunk of link.toClient.splice(0)) link.client.write(chunk);
  };

  const open = (client: Socket) => {
    if (state === 'down') {
      client.resetAndDestroy();
      return;
    }
    const server = connect(target);
    const link: Link = { client, server, toServer: [], toClient: [] };
    links.add(link);
    // A frozen network tells neither side that the other went away: the link is kept, and up() ends it.
    const forget = () => {
      if (state === 'frozen') return;
      links.delete(link);
      client.destroy();
      server.destroy();
    };
    client.on('data', (chunk) => {
      if (trigger && chunk.includes(trigger.marker)) {
        state = 'frozen';
        trigger.fired();
        trigger = undefined;
      }
      if (state === 'up') server.write(chunk);
      else link.toServer.push(chunk);
    });
    server.on('data', (chunk) => {
      if (state === 'up') client.write(chunk);
      else link.toClient.push(chunk);
    });
    for (const socket of [client, server]) {
      socket.on('error', () => undefined);
      socket.on('close', forget);
    }
  };

  const down = () => {
    state = 'down';
    for (const link of [...links]) {
      link.client.resetAndDestroy();
      link.server.destroy();
      links.delete(link);
    }
  };

  const listener: Server = createServer(open);
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const address = listener.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no port');

  return {
    port: address.port,
    get state() {
      return state;
    },
    urlFor(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(address.port);
      return parsed.toString();
    },
    down,
    freeze() {
      state = 'frozen';
    },
    freezeOn(marker) {
      return new Promise<void>((resolve) => {
        trigger = { marker, fired: resolve };
      });
    },
    up() {
      state = 'up';
      trigger = undefined;
      for (const link of [...links]) {
        if (link.client.destroyed || link.server.destroyed) {
          link.client.destroy();
          link.server.destroy();
          links.delete(link);
        } else {
          flush(link);
        }
      }
    },
    async close() {
      down();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    },
  };
}
