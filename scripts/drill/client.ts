// The drill's parents' HTTP: HTTPS to HAProxy with the drill's own certificate (fetch cannot be given a
// certificate without undici, which the school does not ship), keep-alive as a phone's browser keeps it.
import { Agent, request } from 'node:https';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface Client {
  call(
    method: 'GET' | 'POST',
    url: string,
    init?: { headers?: Record<string, string>; body?: string },
  ): Promise<Answer>;
  close(): void;
}

/** A request with no answer in this long counts as failed: no parent waits longer. */
const GIVE_UP_MS = 30_000;

export function httpsClient(ca: string): Client {
  const agent = new Agent({ ca, keepAlive: true, maxSockets: 64 });
  return {
    call(method, url, init = {}) {
      return new Promise<Answer>((resolve, reject) => {
        const req = request(
          url,
          { method, agent, headers: init.headers, timeout: GIVE_UP_MS },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: Buffer.concat(chunks).toString('utf8'),
              }),
            );
            res.on('error', reject);
          },
        );
        req.on('timeout', () => req.destroy(new Error('no answer in 30 s')));
        req.on('error', reject);
        req.end(init.body);
      });
    },
    close() {
      agent.destroy();
    },
  };
}
