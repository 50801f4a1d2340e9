// Requests Node's HTTP parser refuses before Fastify sees them, sent over a real socket: the answer is
// still the one error shape in Russian, with the headers every JSON answer carries.
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { HEADERS_TOO_LARGE, MALFORMED_REQUEST } from './client-errors';

let database: TestDatabase;
let app: FastifyInstance;
let port = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app has no port');
  port = address.port;
});

afterAll(async () => {
  await app.close();
  await database.close();
});

interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
  bodyBytes: number;
}

/** Writes `request` as bytes and reads what comes back until the server closes the connection. */
function exchange(request: Buffer | string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('connect', () => socket.write(request));
    socket.on('data', (chunk) => chunks.push(chunk));
    // The server may reset a connection it refused while our bytes are still coming: what it said counts.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks);
      const split = raw.indexOf('\r\n\r\n');
      if (split < 0) {
        reject(new Error(`no answer: ${raw.toString('latin1')}`));
        return;
      }
      const [statusLine = '', ...lines] = raw.subarray(0, split).toString('latin1').split('\r\n');
      const headers = new Map(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
        }),
      );
      const body = raw.subarray(split + 4);
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: body.toString('utf8'),
        bodyBytes: body.length,
      });
    });
  });
}

function expectRefusal(answer: RawAnswer, status: number, code: string, message: string): void {
  expect(answer.status).toBe(status);
  expect(JSON.parse(answer.body)).toEqual({ code, message, errors: { error: [message] } });
  expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(Number(answer.headers.get('content-length'))).toBe(answer.bodyBytes);
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  expect(answer.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
}

describe('requests the HTTP parser refuses', () => {
  it('answers headers over 16 KB with 431 headers_too_large', async () => {
    const answer = await exchange(
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nCookie: ref=${'x'.repeat(20_000)}\r\n\r\n`,
    );
    expectRefusal(answer, 431, 'headers_too_large', HEADERS_TOO_LARGE);
  });

  it('answers a control byte in a header with 400 bad_request', async () => {
    const answer = await exchange(
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Odd: a\u0001b\r\n\r\n',
    );
    expectRefusal(answer, 400, 'bad_request', MALFORMED_REQUEST);
  });

  it('answers what is not HTTP at all with 400 bad_request', async () => {
    const answer = await exchange('HELLO THERE\r\n\r\n');
    expectRefusal(answer, 400, 'bad_request', MALFORMED_REQUEST);
  });

  it('still answers a sound request on the same server', async () => {
    const answer = await exchange(
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(answer.status).toBe(200);
  });
});
