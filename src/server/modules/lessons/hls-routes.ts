// Serves a lesson's HLS playlists to holders of its signed token (hls-links.ts), rewritten per request
// (hls-playlists.ts). Segments are not served here: the rendition playlists name them by the media
// store's own signed links (`/lesson-media/…` or the bucket's presigned URLs).
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { lessons } from '../../db/schema/index';
import type { ModuleDeps } from '../../deps';
import { errorBody } from '../../plugins/errors';
import { laddersOf, PLAYLIST_TYPE } from '../media';
import { checkHlsToken, hlsSecret, HLS_PREFIX } from './hls-links';
import {
  masterWithSubtitles,
  signedRendition,
  subtitlesPlaylist,
  subtitlesWithTimestampMap,
  SUBTITLES_FILE,
  SUBTITLES_PLAYLIST,
} from './hls-playlists';

const VTT_TYPE = 'text/vtt; charset=utf-8';
const FILE = /^[a-z0-9_]+\.(m3u8|vtt)$/;

const refuse = (reply: FastifyReply, status: 403 | 404, message: string) =>
  reply.status(status).header('cache-control', 'no-store').send(errorBody(status, message));

export function hlsRoutes(deps: ModuleDeps) {
  const { db, media, clock } = deps;
  const secret = hlsSecret(deps.config, media);
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get<{ Params: { lessonId: string; token: string; file: string } }>(
      `${HLS_PREFIX}:lessonId/:token/:file`,
      { schema: { hide: true } },
      async (request, reply) => {
        const { token, file } = request.params;
        const lessonId = Number(request.params.lessonId);
        if (!FILE.test(file) || !Number.isSafeInteger(lessonId) || lessonId < 1) {
          return refuse(reply, 404, 'Файл не найден');
        }
        const [lesson] = await db
          .select({ videoKey: lessons.videoKey, subtitlesKey: lessons.subtitlesKey })
          .from(lessons)
          .where(eq(lessons.id, lessonId));
        const ladder = lesson
          ? (await laddersOf(db, [lesson.videoKey])).get(lesson.videoKey)
          : null;
        // An unknown lesson or a video without a ladder: no token can be right, and none says why.
        const folder = ladder?.state === 'ready' ? ladder.folder : '';
        const now = clock();
        const { check, expires } = checkHlsToken(secret, lessonId, folder, token, now);
        if (!lesson || !ladder || folder === '' || check === 'invalid') {
          return refuse(reply, 403, 'Ссылка на видео недействительна');
        }
        if (check === 'expired') {
          return refuse(reply, 403, 'Ссылка на видео устарела: обновите страницу');
        }
        const secondsLeft = Math.max(0, expires - Math.floor(now.getTime() / 1000));
        // Segment links live as long as the token, in whole minutes so the store's signer reuses them.
        const segmentTtl = Math.max(60, Math.ceil(secondsLeft / 60) * 60);
        let body: string | null;
        if (file === SUBTITLES_PLAYLIST) {
          body = subtitlesPlaylist(ladder.durationSeconds ?? 1);
        } else if (file === SUBTITLES_FILE) {
          const vtt = await media.read(lesson.subtitlesKey);
          body = vtt ? subtitlesWithTimestampMap(vtt.toString('utf8'), ladder.startTicks) : null;
        } else if (file.endsWith('.m3u8')) {
          const stored = await media.read(`${folder}/${file}`);
          if (stored === null) body = null;
          else if (file === 'master.m3u8') body = masterWithSubtitles(stored.toString('utf8'));
          else {
            body = await signedRendition(stored.toString('utf8'), (segment) =>
              media.signedUrl(`${folder}/${segment}`, segmentTtl, now),
            );
          }
        } else {
          body = null;
        }
        if (body === null) return refuse(reply, 404, 'Файл не найден');
        return reply
          .header('content-type', file.endsWith('.vtt') ? VTT_TYPE : PLAYLIST_TYPE)
          .header('cache-control', `private, max-age=${secondsLeft}`)
          .send(body);
      },
    );
  };
}
