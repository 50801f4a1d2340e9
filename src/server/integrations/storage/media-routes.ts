// Serves the local store's files to holders of a signed, unexpired URL, with byte ranges (206) so a
// player can seek. The S3 store needs no route: the bucket checks its own presigned URLs.
import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorBody } from '../../plugins/errors';
import { contentTypeOf, isMediaKey } from './media-types';
import { LOCAL_MEDIA_PREFIX, type LocalMediaStore } from './local-store';
import { checkMediaSignature } from './signing';

export interface LocalMediaRoutesOptions {
  store: LocalMediaStore;
  clock: () => Date;
}

const refuse = (reply: FastifyReply, status: 403 | 404, message: string) =>
  reply.status(status).header('cache-control', 'no-store').send(errorBody(status, message));

export function localMediaRoutes({ store, clock }: LocalMediaRoutesOptions) {
  return async function routes(app: FastifyInstance): Promise<void> {
    // Its own instance, not serving anything by itself: only the signed route below may send a file.
    mkdirSync(store.root, { recursive: true });
    await app.register(fastifyStatic, { root: store.root, serve: false });

    app.get<{ Params: { '*': string }; Querystring: { expires?: string; signature?: string } }>(
      `${LOCAL_MEDIA_PREFIX}*`,
      { schema: { hide: true } },
      async (request, reply) => {
        const key = request.params['*'];
        const type = contentTypeOf(key);
        if (!isMediaKey(key) || !type) return refuse(reply, 404, 'Файл не найден');
        const { expires, signature } = request.query;
        const check = checkMediaSignature(
          store.secret,
          key,
          Number(expires),
          typeof signature === 'string' ? signature : '',
          clock(),
        );
        if (check === 'expired') {
          return refuse(reply, 403, 'Ссылка на видео устарела: обновите страницу');
        }
        if (check === 'invalid') return refuse(reply, 403, 'Ссылка на видео недействительна');
        const secondsLeft = Math.max(0, Number(expires) - Math.floor(clock().getTime() / 1000));
        reply.header('content-type', type);
        reply.header('cache-control', `private, max-age=${secondsLeft}`);
        const { root, path } = store.locate(key);
        return reply.sendFile(path, root, { cacheControl: false });
      },
    );
  };
}
