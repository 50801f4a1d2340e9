// Signed, expiring links to a lesson's adaptive video (HLS). One token in the path covers the lesson's
// playlists: `/lesson-hls/<lesson id>/<expires>-<signature>/master.m3u8`, the signature an HMAC-SHA256 of
// the lesson's id, its ladder's folder and the expiry. The master names its renditions' playlists by
// relative URIs, which the player resolves under the same token; those playlists are rewritten per
// request so every segment is itself a signed link of the media store (the local route's HMAC or the
// bucket's presigned URL). A token opens one lesson's ladder until one moment: another lesson, a replaced
// video (a new folder) or a later time needs a new one, which only the lessons API — after the access
// rule — hands out.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import type { MediaStore } from '../../integrations/storage/store';
import { SIGNING_STEP_SECONDS } from '../../integrations/storage/signed-url-cache';
import type { SignatureCheck } from '../../integrations/storage/signing';

export const HLS_PREFIX = '/lesson-hls/';
/** A lesson's ladder plays for its length and then some: pauses, a rewatch, a rendition switch late on. */
export const hlsTtlSeconds = (baseTtl: number, durationSeconds: number) =>
  Math.min(6 * 3600, baseTtl + 2 * durationSeconds);

/**
 * The key that signs the tokens: MEDIA_SIGNING_SECRET when set (every instance the same); else the local
 * store's own key, or one drawn from the bucket's secret, which every instance also shares.
 */
export function hlsSecret(config: Config, media: MediaStore): string {
  if (config.media.signingSecret) return config.media.signingSecret;
  if (media.kind === 'local') return media.secret;
  const bucketSecret = config.media.s3?.secretAccessKey ?? '';
  return createHmac('sha256', bucketSecret).update('lesson-hls links').digest('base64url');
}

function signature(secret: string, lessonId: number, folder: string, expires: number): string {
  return createHmac('sha256', secret)
    .update(`hls\n${lessonId}\n${folder}\n${expires}`)
    .digest('base64url');
}

/** The master playlist's URL, signed from the start of the current minute (as every media link). */
export function hlsMasterUrl(
  secret: string,
  lessonId: number,
  folder: string,
  ttlSeconds: number,
  now: Date,
): string {
  const minute = Math.floor(now.getTime() / 1000 / SIGNING_STEP_SECONDS) * SIGNING_STEP_SECONDS;
  const expires = minute + ttlSeconds + SIGNING_STEP_SECONDS;
  const token = `${expires}-${signature(secret, lessonId, folder, expires)}`;
  return `${HLS_PREFIX}${lessonId}/${token}/master.m3u8`;
}

/** Reads `<expires>-<signature>`; the expiry is checked after the signature, so a forged one learns nothing. */
export function checkHlsToken(
  secret: string,
  lessonId: number,
  folder: string,
  token: string,
  now: Date,
): { check: SignatureCheck; expires: number } {
  const match = /^(\d{1,12})-([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2]) return { check: 'invalid', expires: 0 };
  const expires = Number(match[1]);
  const expected = Buffer.from(signature(secret, lessonId, folder, expires));
  const given = Buffer.from(match[2]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { check: 'invalid', expires };
  }
  return { check: expires * 1000 <= now.getTime() ? 'expired' : 'valid', expires };
}
