// Every refusal of the lesson uploads, over real HTTP: the status a tus client goes by, and the API's one
// error shape with a code and a Russian message, as JSON, with the headers every answer carries.
import type { AddressInfo } from 'node:net';
import { ERRORS } from '@tus/utils';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../testing/fixtures';
import { staffSession } from '../../testing/staff';
import { createTestApp } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { bearer } from '../../testing/accounts';
import {
  BAD_HEADERS,
  CHUNK_TYPE,
  NO_PARALLEL,
  OUT_OF_ORDER,
  PROTOCOL_REQUIRED,
  TOO_BIG,
  UPLOAD_NOT_FOUND,
  refusal,
  schoolRefusal,
} from './tus-answers';

const { clock } = manualClock('2026-11-24T09:00:00Z');
let database: TestDatabase;
let app: FastifyInstance;
let base = '';
let editor: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db, clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/admin/uploads`;
  editor = bearer(await staffSession({ db: database.db, clock }, 'editor'));
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const b64 = (text: string) => Buffer.from(text).toString('base64');
const metadata = (kind: string, filename: string) => `kind ${b64(kind)},filename ${b64(filename)}`;
const TUS = { 'tus-resumable': '1.0.0' };
const CHUNK = { 'content-type': 'application/offset+octet-stream' };

function start(headers: Record<string, string>): Promise<Response> {
  return fetch(base, { method: 'POST', headers: { ...editor, ...headers } });
}

/** A started upload of ten bytes of subtitles, and its address. */
async function started(): Promise<string> {
  const res = await start({
    ...TUS,
    'upload-length': '10',
    'upload-metadata': metadata('subtitles', 'a.vtt'),
  });
  expect(res.status).toBe(201);
  return new URL(res.headers.get('location') ?? '', base).toString();
}

function patch(url: string, headers: Record<string, string>, body: string): Promise<Response> {
  return fetch(url, { method: 'PATCH', headers: { ...editor, ...headers }, body });
}

/** The headers every answer of the API carries, tus's included. */
function expectCommonHeaders(res: Response): void {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  expect(res.headers.get('tus-resumable')).toBe('1.0.0');
}

async function expectRefusal(
  res: Response,
  status: number,
  code: string,
  message: string | RegExp,
): Promise<void> {
  expect(res.status).toBe(status);
  expectCommonHeaders(res);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(res.headers.get('cache-control')).toBe('no-store');
  const body = (await res.json()) as { code: string; message: string; errors: unknown };
  expect(body.code).toBe(code);
  expect(body.message).toMatch(message);
  expect(body.message).toMatch(/[а-яё]/i);
  expect(body.errors).toEqual({ error: [body.message] });
}

describe('starting an upload', () => {
  it('refuses a file of no known kind', async () => {
    const res = await start({
      ...TUS,
      'upload-length': '10',
      'upload-metadata': metadata('music', 'a.mp3'),
    });
    await expectRefusal(res, 422, 'validation_failed', 'Не указано, что это за файл');
  });

  it('refuses an empty file', async () => {
    const res = await start({
      ...TUS,
      'upload-length': '0',
      'upload-metadata': metadata('subtitles', 'a.vtt'),
    });
    await expectRefusal(res, 422, 'validation_failed', 'Файл пустой');
  });

  it('refuses a file over its kind’s limit and over the largest one', async () => {
    const subtitles = await start({
      ...TUS,
      'upload-length': String(2 * 1024 * 1024),
      'upload-metadata': metadata('subtitles', 'a.vtt'),
    });
    await expectRefusal(subtitles, 413, 'payload_too_large', 'Файл больше 1\u00a0МБ');
    const video = await start({
      ...TUS,
      'upload-length': String(3 * 1024 ** 3),
      'upload-metadata': metadata('video', 'a.mp4'),
    });
    await expectRefusal(video, 413, 'payload_too_large', TOO_BIG);
  });

  it('refuses a request without Tus-Resumable with 412', async () => {
    const res = await start({
      'upload-length': '10',
      'upload-metadata': metadata('subtitles', 'a.vtt'),
    });
    await expectRefusal(res, 412, 'upload_protocol_required', PROTOCOL_REQUIRED);
  });

  it('refuses parallel parts (Upload-Concat), no length and malformed metadata with 400', async () => {
    const concat = await start({
      ...TUS,
      'upload-length': '10',
      'upload-concat': 'partial',
      'upload-metadata': metadata('subtitles', 'a.vtt'),
    });
    await expectRefusal(concat, 400, 'bad_request', NO_PARALLEL);
    const noLength = await start({ ...TUS, 'upload-metadata': metadata('subtitles', 'a.vtt') });
    await expectRefusal(
      noLength,
      400,
      'bad_request',
      'Не указан размер файла — начните загрузку заново',
    );
    const badMetadata = await start({
      ...TUS,
      'upload-length': '10',
      'upload-metadata': 'kind ,,,',
    });
    await expectRefusal(badMetadata, 400, 'bad_request', BAD_HEADERS);
  });

  it('answers a good start 201 with Location and the same headers', async () => {
    const res = await start({
      ...TUS,
      'upload-length': '10',
      'upload-metadata': metadata('subtitles', 'a.vtt'),
    });
    expect(res.status).toBe(201);
    expectCommonHeaders(res);
    expect(res.headers.get('location')).toMatch(/^\/api\/admin\/uploads\/[0-9a-f]{32}$/);
  });
});

describe('sending the parts', () => {
  it('refuses a part at the wrong offset with 409, keeping the server’s offset for HEAD', async () => {
    const url = await started();
    const res = await patch(url, { ...TUS, ...CHUNK, 'upload-offset': '5' }, 'WEBVT');
    await expectRefusal(res, 409, 'conflict', OUT_OF_ORDER);
    const head = await fetch(url, { method: 'HEAD', headers: { ...editor, ...TUS } });
    expect(head.status).toBe(200);
    expectCommonHeaders(head);
    expect(head.headers.get('upload-offset')).toBe('0');
    expect(head.headers.get('upload-length')).toBe('10');
  });

  it('refuses a part without Upload-Offset (tus’s 403) and one of the wrong type (400)', async () => {
    const url = await started();
    const noOffset = await patch(url, { ...TUS, ...CHUNK }, 'WEBVT');
    await expectRefusal(
      noOffset,
      403,
      'bad_request',
      'Не указано, с какого места продолжить загрузку',
    );
    const wrongType = await patch(
      url,
      { ...TUS, 'content-type': 'text/plain', 'upload-offset': '0' },
      'WEBVT',
    );
    await expectRefusal(wrongType, 400, 'bad_request', CHUNK_TYPE);
  });

  it('refuses more bytes than the file was said to have with 413', async () => {
    const url = await started();
    const res = await patch(
      url,
      { ...TUS, ...CHUNK, 'upload-offset': '0' },
      'WEBVTT\n\n\n\n\n\n\n\n',
    );
    await expectRefusal(res, 413, 'payload_too_large', /больше, чем размер файла/);
  });

  it('refuses a part without Tus-Resumable with 412', async () => {
    const url = await started();
    const res = await patch(url, { ...CHUNK, 'upload-offset': '0' }, 'WEBVT');
    await expectRefusal(res, 412, 'upload_protocol_required', PROTOCOL_REQUIRED);
  });

  it('answers 404 for an unknown upload and for someone else’s', async () => {
    const unknown = `${base}/${'0'.repeat(32)}`;
    const missing = await patch(unknown, { ...TUS, ...CHUNK, 'upload-offset': '0' }, 'WEBVT');
    await expectRefusal(missing, 404, 'not_found', UPLOAD_NOT_FOUND);
    const url = await started();
    const other = bearer(await staffSession({ db: database.db, clock }, 'admin'));
    const stranger = await fetch(url, { method: 'DELETE', headers: { ...other, ...TUS } });
    await expectRefusal(stranger, 404, 'not_found', UPLOAD_NOT_FOUND);
    const given = await fetch(url, { method: 'DELETE', headers: { ...editor, ...TUS } });
    expect(given.status).toBe(204);
    expectCommonHeaders(given);
  });
});

describe('refusals no request here can reach at will', () => {
  it('say an expired upload, one being checked and a failing store in the same shape', () => {
    const parse = (r: { status_code: number; body: string }) => ({
      status: r.status_code,
      ...(JSON.parse(r.body) as { code: string; message: string }),
    });
    expect(parse(schoolRefusal(410, ERRORS.FILE_NO_LONGER_EXISTS.body))).toMatchObject({
      status: 410,
      code: 'upload_expired',
      message: 'Загрузка устарела — начните её заново',
    });
    expect(parse(refusal(423, 'Файл уже загружен и проверяется'))).toMatchObject({
      status: 423,
      code: 'upload_being_checked',
    });
    expect(parse(schoolRefusal(500, ERRORS.ERR_LOCK_TIMEOUT.body))).toMatchObject({
      status: 503,
      code: 'service_unavailable',
    });
  });
});
