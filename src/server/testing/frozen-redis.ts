// A Redis that froze after the handshake: it accepts connections and answers the client's greeting and
// ready check (CLIENT SETINFO, INFO), then reads every command and never answers — a hung server or a black-holed network behind an
// open socket. Loopback only; for tests.
import { createServer, type Socket } from 'node:net';

export interface FrozenRedis {
  readonly url: string;
  /** Commands received and left unanswered. */
  readonly unanswered: number;
  close(): Promise<void>;
}

const INFO = 'loading:0\r\n';
const INFO_REPLY = `$${Buffer.byteLength(INFO)}\r\n${INFO}\r\n`;

export async function startFrozenRedis(): Promise<FrozenRedis> {
  const sockets = new Set<Socket>();
  let unanswered = 0;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      // Each RESP command starts with `*<count>`; only the handshake (CLIENT SETINFO, the INFO ready
      // check) gets an answer.
      for (const command of chunk.toString('latin1').split('*').slice(1)) {
        if (/\r\ninfo\r\n/i.test(command)) socket.write(INFO_REPLY);
        else if (/\r\nclient\r\n/i.test(command)) socket.write('+OK\r\n');
        else unanswered += 1;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return {
    url: `redis://127.0.0.1:${address.port}`,
    get unanswered() {
      return unanswered;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
