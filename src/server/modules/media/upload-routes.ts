// Resumable uploads of lesson files (the tus 1.0 protocol, @tus/server): a video of hundreds of megabytes
// goes in chunks, and a dropped connection resumes where it stopped instead of starting again. Only
// editors and administrators upload; each upload belongs to the staff member who began it. The finished
// file is checked and stored by process-upload.ts before the last chunk is answered.
import type { IncomingMessage } from 'node:http';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NodeRequest } from 'srvx/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FileStore } from '@tus/file-store';
import { Server, type ServerOptions } from '@tus/server';
import { EVENTS, type Upload } from '@tus/utils';
import { errorBody } from '@contract/api/common';
import { mediaUpload, tusHeaders, uploadParams } from '@contract/api/admin-learning';
import { dataOf } from '@contract/api/common';
import type { ModuleDeps } from '../../deps';
import { notFound } from '../../plugins/errors';
import { findBadText } from '../../plugins/input-guard';
import { currentUser } from '../../plugins/auth';
import { MAX_UPLOAD_BYTES, isUploadKind, uploadRefusal } from '@contract/media-uploads';
import { UploadCheckError } from './file-checks';
import { describeUploadById, processUpload } from './process-upload';
import {
  STORE_AWAY,
  UPLOAD_NOT_FOUND,
  isOurs,
  refusal as failure,
  schoolAnswer,
  schoolRefusal,
} from './tus-answers';

export const UPLOADS_PATH = '/api/admin/uploads';
/** An unfinished upload is kept a day, then its bytes are removed. */
const EXPIRE_AFTER_MS = 24 * 60 * 60 * 1000;
const CLEANUP_EVERY_MS = 60 * 60 * 1000;
/**
 * The last chunk's answer waits while the file is checked and copied to the store (a bucket far away
 * may take minutes for a large video): the connection must not be cut as idle meanwhile.
 */
const UPLOAD_SOCKET_IDLE_MS = 10 * 60 * 1000;
const BEING_CHECKED = 'Файл уже загружен и проверяется — подождите немного';
/** The name comes base64-encoded in Upload-Metadata, past the input guard's look at plain headers. */
const BAD_FILENAME = 'Имя файла содержит недопустимые символы';
/** Checks (a probe, ffmpeg, a copy to the store) run this many at a time; the rest wait their turn. */
const CHECKS_AT_ONCE = 2;

/** Runs at most `size` tasks at once, the others in the order they came. */
function limiter(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    // A finished task hands its place straight to the next in line, so no newcomer slips in between.
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/** Who sent each request tus is handling: the guard's account, never anything the client wrote. */
const uploaders = new WeakMap<IncomingMessage, string>();

function uploaderOf(req: Request): string {
  // srvx wraps Node's request and keeps it at runtime.node.req.
  const node = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
  const uploader = node && uploaders.get(node);
  if (!uploader) throw failure(403, 'Нет доступа к загрузкам');
  return uploader;
}

function checkNewUpload(upload: Upload): void {
  const kind = upload.metadata?.kind;
  if (!isUploadKind(kind)) throw failure(422, 'Не указано, что это за файл');
  if (upload.size === undefined) throw failure(422, 'Размер файла неизвестен');
  const filename = upload.metadata?.filename ?? '';
  if (findBadText(filename) !== null) throw failure(422, BAD_FILENAME);
  const refusal = uploadRefusal(kind, filename, upload.size);
  if (refusal) throw failure(upload.size > MAX_UPLOAD_BYTES[kind] ? 413 : 422, refusal);
}

export function uploadRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db, media, config, clock } = deps;
  return async (app) => {
    const directory = join(config.dataDir, 'uploads');
    await mkdir(directory, { recursive: true });
    const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: EXPIRE_AFTER_MS });
    /** Uploads whose whole file is being checked, or answered and not yet removed. */
    const checking = new Set<string>();
    const oneAtATime = limiter(CHECKS_AT_ONCE);
    /** The upload's own copy goes: the checked file lives in the store, a refused one is of no use. */
    const forget = async (id: string) => {
      await datastore.remove(id).catch(() => undefined);
      await rm(join(directory, `${id}.json`), { force: true });
      checking.delete(id);
    };

    const options: Omit<ServerOptions, 'locker'> = {
      path: UPLOADS_PATH,
      relativeLocation: true,
      maxSize: MAX_UPLOAD_BYTES.video,
      disableTerminationForFinishedUploads: true,
      async onIncomingRequest(req, id) {
        if (req.method === 'POST') return;
        const upload = await datastore.getUpload(id).catch(() => null);
        if (!upload || upload.metadata?.uploader !== uploaderOf(req)) {
          throw failure(404, UPLOAD_NOT_FOUND);
        }
        // The whole file is in and being checked: asking where it stands is fine (the form then
        // waits for the result), sending more or giving it up is not.
        if (checking.has(id) && req.method !== 'HEAD') throw failure(423, BEING_CHECKED);
      },
      async onUploadCreate(req, upload) {
        checkNewUpload(upload);
        return { metadata: { ...upload.metadata, uploader: uploaderOf(req) } };
      },
      async onUploadFinish(_req, upload) {
        const kind = upload.metadata?.kind;
        if (!isUploadKind(kind) || upload.size === undefined) throw failure(422, UPLOAD_NOT_FOUND);
        // A last chunk sent twice (an empty PATCH at the end) must not check the file twice.
        if (checking.has(upload.id)) throw failure(423, BEING_CHECKED);
        checking.add(upload.id);
        try {
          const result = await oneAtATime(() =>
            processUpload(
              {
                id: upload.id,
                kind,
                path: join(directory, upload.id),
                size: upload.size ?? 0,
                originalName: upload.metadata?.filename ?? '',
                uploadedBy: Number(upload.metadata?.uploader) || null,
              },
              { db, media, ffmpegPath: config.media.ffmpegPath, now: clock() },
            ),
          );
          // The upload's own copy goes once the answer is out (POST_FINISH below): tus still reads it
          // while answering.
          return {
            status_code: 200,
            headers: { 'content-type': 'application/json; charset=utf-8' },
            body: JSON.stringify({ data: result }),
          };
        } catch (error) {
          await forget(upload.id);
          if (error instanceof UploadCheckError) throw failure(422, error.message);
          app.log.error(
            { err: error, upload: upload.id },
            'an uploaded lesson file was not stored',
          );
          throw failure(503, STORE_AWAY);
        }
      },
      onResponseError(_req, error) {
        const status = 'status_code' in error ? error.status_code : 500;
        const body = 'body' in error ? error.body : '';
        if (status >= 500 && status !== 501 && !isOurs(body)) {
          app.log.error({ err: error }, 'the lesson upload server failed');
        }
        return schoolRefusal(status, body);
      },
    };
    const tus = new Server({ ...options, datastore });
    tus.on(EVENTS.POST_FINISH, (_req, _res, upload) => {
      void forget(upload.id);
    });

    const cleanup = setInterval(() => {
      tus.cleanUpExpiredUploads().catch(() => undefined);
    }, CLEANUP_EVERY_MS);
    cleanup.unref();
    app.addHook('onClose', async () => clearInterval(cleanup));

    // tus reads the chunk's bytes itself, as a stream: Fastify must leave the body alone.
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => {
      done(null);
    });

    // tus answers as a fetch Response, which goes out through Fastify's reply like every answer: the
    // security headers, the request id and the request's log line come with it, and its refusals are put
    // in the one error shape (some never pass through onResponseError).
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      const raw = request.raw;
      uploaders.set(raw, String(currentUser(request).id));
      // (An injected test request has a socket without timers.)
      if (typeof raw.socket?.setTimeout === 'function')
        raw.socket.setTimeout(UPLOAD_SOCKET_IDLE_MS);
      const answer = await schoolAnswer(
        await tus.handleWeb(new NodeRequest({ req: raw, res: reply.raw })),
      );
      reply.status(answer.status);
      for (const [name, value] of answer.headers) reply.header(name, value);
      return reply.send(answer.body);
    };
    const guard = app.requireStaff('lessons');
    const security = [{ bearer: [] }];
    const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };

    app.post(
      '/admin/uploads',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary:
            'Начать загрузку файла урока (tus 1.0: Upload-Length, Upload-Metadata kind и filename)',
          security,
          headers: tusHeaders,
          response: { 201: z.null(), ...errors, 413: errorBody },
        },
      },
      handle,
    );
    app.patch(
      '/admin/uploads/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Дослать часть файла (tus 1.0); на последней — проверенный файл',
          security,
          params: uploadParams,
          headers: tusHeaders,
          response: { 200: dataOf(mediaUpload), 204: z.null(), ...errors },
        },
      },
      handle,
    );
    app.head('/admin/uploads/:id', { onRequest: guard, schema: { hide: true } }, handle);
    app.delete(
      '/admin/uploads/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Отменить незаконченную загрузку (tus 1.0)',
          security,
          params: uploadParams,
          headers: tusHeaders,
          response: { 204: z.null(), ...errors },
        },
      },
      handle,
    );

    app.get(
      '/admin/media-uploads/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Готовый загруженный файл: что сервер в нём нашёл',
          security,
          params: uploadParams,
          response: { 200: dataOf(mediaUpload), ...errors },
        },
      },
      async (request) => {
        const upload = await describeUploadById(db, request.params.id, media, clock());
        if (!upload) throw notFound(UPLOAD_NOT_FOUND);
        return { data: upload };
      },
    );
  };
}
