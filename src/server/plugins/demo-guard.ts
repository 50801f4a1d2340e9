// The implicit demo serves this machine only (config.ts turns it on for a loopback HOST and PUBLIC_URL).
// A tunnel or a proxy in front (ngrok, an SSH forward, nginx) would still hand it to the world, and the demo
// is an open door: the mail outbox with every reset link, known passwords. Such requests show themselves by
// a Host that is not this machine or by the headers a proxy adds, and are refused. DNS rebinding (a page
// on another site reaching localhost by a name of its own) is refused by the same Host check. This is
// defence in depth only: a raw TCP tunnel (ssh -R, ngrok tcp) or nginx with its defaults (Host rewritten to
// 127.0.0.1, no forwarding headers) looks like this machine. What really keeps the demo private is start-up:
// the implicit demo needs a loopback HOST and PUBLIC_URL.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { isLoopbackHost } from '../config';
import { forbidden } from './errors';

/** Headers proxies and tunnels add; a browser on this machine never sends them. */
const FORWARDED_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'x-forwarded-server',
  'x-forwarded-port',
  'x-client-ip',
  'via',
  'cf-connecting-ip',
  'true-client-ip',
] as const;

export const DEMO_THIS_MACHINE_ONLY = (publicUrl: string) =>
  `Демо-режим работает только на этом компьютере: откройте ${publicUrl} здесь же. ` +
  'Для сайта, открытого другим, нужен NODE_ENV=production (или DEMO=true для демо-стенда)';

/** The host name of a Host header (no port, no IPv6 brackets); null when it is not one. */
function hostName(header: string | undefined): string | null {
  if (header === undefined || header === '') return null;
  try {
    return new URL(`http://${header}`).hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return null;
  }
}

// Every request of a demo carries the same Host: parsing it once, not per request, keeps the guard cheap.
let lastHost: string | undefined;
let lastHostIsLoopback = false;

function loopbackHost(header: string | undefined): boolean {
  if (header === undefined || header !== lastHost) {
    const host = hostName(header);
    lastHostIsLoopback = host !== null && isLoopbackHost(host);
    lastHost = header;
  }
  return lastHostIsLoopback;
}

export function fromThisMachine(request: Pick<FastifyRequest, 'headers'>): boolean {
  if (!loopbackHost(request.headers.host)) return false;
  return FORWARDED_HEADERS.every((name) => request.headers[name] === undefined);
}

export function installDemoGuard(app: FastifyInstance, config: Config): void {
  if (!config.demoThisMachineOnly) return;
  // Callback-style: it runs on every request of a demo, and a promise per request is measurable there.
  app.addHook('onRequest', (request, _reply, done) => {
    done(
      fromThisMachine(request) ? undefined : forbidden(DEMO_THIS_MACHINE_ONLY(config.publicUrl)),
    );
  });
}
