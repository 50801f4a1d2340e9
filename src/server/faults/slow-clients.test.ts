// Clients that hold a connection without finishing their request (slowloris): the listening app cuts
// them within its timeouts, shrunk here to a second; the production values cut them within 30 s.
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { POSTGRES_TIMEOUTS } from '../db/client';
import {
  HTTP_TIMEOUTS,
  serverTimeoutOptions,
  worstCaseCutMs,
  type ServerTimeouts,
} from '../http/timeouts';
import { PROVIDER_TIMEOUT_MS } from '../integrations/oauth/http';
import { testConfig } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

const SHRUNK: ServerTimeouts = {
  headersMs: 500,
  requestMs: 1_000,
  checkIntervalMs: 100,
  keepAliveMs: 1_000,
  connectionMs: 3_000,
};
const cut = worstCaseCutMs(SHRUNK);
/** Timers and a busy machine: a cut may come this much after its due time. */
const SLACK_MS = 700;
const NO_WEB_DIR = join(tmpdir(), 'umnyashki-test-no-web-build');

let database: TestDatabase;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig(),
    db: database.db,
    webDir: NO_WEB_DIR,
    timeouts: SHRUNK,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app has no port');
  port = address.port;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/**
 * Opens a connection, lets `feed` write to it (and keep writing on a timer), and reports when the server
 * closed it and what it said.
 */
function hold(feed: (socket: Socket) => NodeJS.Timeout | undefined) {
  return new Promise<{ ms: number; answer: string }>((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      timer = feed(socket);
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (timer) clearInterval(timer);
      resolve({ ms: Date.now() - started, answer });
    });
    // Far past every timeout: the server never cut it.
    setTimeout(() => {
      socket.destroy();
      reject(new Error('the server kept a slow client for 10 s'));
    }, 10_000).unref();
  });
}

describe('a slow client against the listening app', () => {
  it('is cut while trickling its headers a line at a time', async () => {
    const { ms, answer } = await hold((socket) => {
      socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
      return setInterval(() => socket.write('X-Slow: 1\r\n'), 100);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    // Node refuses it before Fastify: the answer is still the one error shape.
    expect(answer).toContain('"code":"request_timeout"');
    expect(ms).toBeGreaterThanOrEqual(SHRUNK.headersMs - 50);
    expect(ms).toBeLessThan(cut.headers + SLACK_MS);
  });

  it('is cut while trickling its body a byte at a time', async () => {
    const { ms, answer } = await hold((socket) => {
      socket.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\n' +
          'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      );
      return setInterval(() => socket.write(' '), 100);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeGreaterThanOrEqual(SHRUNK.requestMs - 50);
    expect(ms).toBeLessThan(cut.body + SLACK_MS);
  });

  it('is cut when it connects and says nothing', async () => {
    const { ms } = await hold(() => undefined);
    expect(ms).toBeLessThan(cut.headers + SLACK_MS);
  });

  it('serves a keep-alive client that pauses between requests longer than the headers timeout', async () => {
    const { answer } = await hold((socket) => {
      const request = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n';
      socket.write(request);
      setTimeout(() => socket.write(request), SHRUNK.headersMs + 300);
      setTimeout(() => socket.end(), SHRUNK.headersMs + 800);
      return undefined;
    });
    expect(answer.match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
  });

  it('lets app.inject through untouched', async () => {
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });
});

describe('the production timeouts', () => {
  it('cut a trickling client within 30 s', () => {
    const worst = worstCaseCutMs(HTTP_TIMEOUTS);
    expect(worst.headers).toBeLessThanOrEqual(30_000);
    expect(worst.body).toBeLessThanOrEqual(30_000);
    expect(HTTP_TIMEOUTS.headersMs).toBeLessThanOrEqual(HTTP_TIMEOUTS.requestMs);
  });

  it('outlast the balancer’s idle keep-alive and the longest bounded request', () => {
    expect(HTTP_TIMEOUTS.keepAliveMs).toBeGreaterThan(60_000);
    const longestRequest =
      2 * PROVIDER_TIMEOUT_MS + POSTGRES_TIMEOUTS.connectMs + POSTGRES_TIMEOUTS.queryMs;
    expect(HTTP_TIMEOUTS.connectionMs).toBeGreaterThan(longestRequest);
  });

  it('reach the server the app listens with', async () => {
    const plain = await buildApp({ config: testConfig(), db: database.db, webDir: NO_WEB_DIR });
    try {
      expect(plain.server.headersTimeout).toBe(HTTP_TIMEOUTS.headersMs);
      expect(plain.server.requestTimeout).toBe(HTTP_TIMEOUTS.requestMs);
      expect(plain.server.keepAliveTimeout).toBe(HTTP_TIMEOUTS.keepAliveMs);
      expect(plain.server.timeout).toBe(HTTP_TIMEOUTS.connectionMs);
      // Node's typings do not list it, but the server keeps it.
      expect(Reflect.get(plain.server, 'connectionsCheckingInterval')).toBe(
        HTTP_TIMEOUTS.checkIntervalMs,
      );
    } finally {
      await plain.close();
    }
  });

  it('refuse a headers timeout longer than the request timeout', () => {
    expect(() => serverTimeoutOptions({ headersMs: 30_000, requestMs: 20_000 })).toThrow(
      RangeError,
    );
  });
});
