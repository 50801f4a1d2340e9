// The HTTP/1 server Fastify would make for itself (the same options, set the same way), with one addition:
// a responder that may answer a request before Fastify sees it — the public cache's repeat path.
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';

/** Answers the request and returns true, or returns false and leaves it to Fastify. */
export type FirstResponder = (req: IncomingMessage, res: ServerResponse) => boolean;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A number Fastify has filled in with its default before it calls a factory. */
function numberOption(options: Record<string, unknown>, name: string): number {
  const value = options[name];
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new TypeError(`Fastify gave the server factory no number for ${name}`);
  }
  return value;
}

export function serverFactoryWith(first: FirstResponder) {
  return (handler: Handler, options: Record<string, unknown>): Server => {
    // TLS ends at the proxy in front; a plain server made here for an https or http2 option would be wrong.
    if (options.https || options.http2)
      throw new Error('the server factory makes HTTP/1 servers only');
    const server = createServer((options.http ?? {}) as ServerOptions, (req, res) => {
      if (!first(req, res)) handler(req, res);
    });
    server.keepAliveTimeout = numberOption(options, 'keepAliveTimeout');
    server.requestTimeout = numberOption(options, 'requestTimeout');
    server.setTimeout(numberOption(options, 'connectionTimeout'));
    const perSocket = numberOption(options, 'maxRequestsPerSocket');
    if (perSocket > 0) server.maxRequestsPerSocket = perSocket;
    return server;
  };
}
