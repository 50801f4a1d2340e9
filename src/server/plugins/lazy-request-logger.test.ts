import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { lazyChildLogger } from './lazy-request-logger';

function server(level: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    level,
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line));
        done();
      },
    }),
  });
  const app = Fastify({
    loggerInstance: logger,
    childLoggerFactory: lazyChildLogger,
    genReqId: () => 'req-1',
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.get('/quiet', async (request) => {
    request.log.info({ step: 'info' }, 'below warn');
    request.log.warn({ step: 'warn' }, 'at warn');
    return { level: request.log.level };
  });
  app.get('/chatty', { logLevel: 'debug' }, async (request) => {
    request.log.debug({ step: 'debug' }, 'route asked for debug');
    return { level: request.log.level };
  });
  return { app, lines };
}

describe('the request logger made on first use', () => {
  it('writes what the level lets through, bound to the request id, and drops the rest', async () => {
    const { app, lines } = server('warn');
    const res = await app.inject({ url: '/quiet' });
    expect(res.json()).toEqual({ level: 'warn' });
    expect(lines.map((l) => l.step)).toEqual(['warn']);
    expect(lines[0]).toMatchObject({ level: 40, reqId: 'req-1', msg: 'at warn' });
    await app.close();
  });

  it('keeps a route’s own level', async () => {
    const { app, lines } = server('warn');
    const res = await app.inject({ url: '/chatty' });
    expect(res.json()).toEqual({ level: 'debug' });
    expect(lines).toEqual([expect.objectContaining({ level: 20, reqId: 'req-1', step: 'debug' })]);
    await app.close();
  });

  it('writes every level a lower threshold allows', async () => {
    const { app, lines } = server('info');
    await app.inject({ url: '/quiet' });
    expect(lines.map((l) => l.step)).toEqual(['info', 'warn']);
    await app.close();
  });
});
