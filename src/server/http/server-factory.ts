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

export function serverFactoryWith(first: FirstResponder) {
  return (handler: Handler, options: Record<string, unknown>): Server => {
    const server = createServer((options.http ?? {}) as ServerOptions, (req, res) => {
      if (!first(req, res)) handler(req, res);
    });
    // Fastify has filled these in with its defaults before it calls a factory.
    server.keepAliveTimeout = Number(options.keepAliveTimeout);
    server.requestTimeout = Number(options.requestTimeout);
    server.setTimeout(Number(options.connectionTimeout));
    const perSocket = Number(options.maxRequestsPerSocket);
    if (perSocket > 0) server.maxRequestsPerSocket = perSocket;
    return server;
  };
}
