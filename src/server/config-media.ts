// Where lesson media live: the local folder or an S3-compatible bucket, from the S3_* variables.
import { availableParallelism } from 'node:os';
import type { MediaConfig } from './config-types';
import { isTrue, withoutSlash, type Env } from './config-env';

const DEFAULT_S3_REGION = 'us-east-1';

export function mediaConfig(env: Env): MediaConfig {
  const signingSecret = env.MEDIA_SIGNING_SECRET ?? null;
  const ffmpegPath = env.FFMPEG_PATH ?? 'ffmpeg';
  // x264 spreads one video over the cores it finds: one video per two cores leaves the rest to requests.
  const transcodeConcurrency =
    env.TRANSCODE_CONCURRENCY === undefined
      ? Math.max(1, Math.floor(availableParallelism() / 2))
      : Number(env.TRANSCODE_CONCURRENCY);
  if (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) {
    return { signingSecret, ffmpegPath, transcodeConcurrency, s3: null };
  }
  const region = env.S3_REGION ?? DEFAULT_S3_REGION;
  const endpoint = env.S3_ENDPOINT === undefined ? undefined : withoutSlash(env.S3_ENDPOINT);
  // Self-hosted stores (MinIO, s3rver) and most Russian clouds' custom endpoints want path-style URLs.
  const forcePathStyle =
    env.S3_FORCE_PATH_STYLE === undefined
      ? endpoint !== undefined
      : isTrue(env.S3_FORCE_PATH_STYLE);
  let origin: string;
  if (endpoint === undefined) {
    origin = `https://${env.S3_BUCKET}.s3.${region}.amazonaws.com`;
  } else {
    const base = new URL(endpoint);
    origin = forcePathStyle ? base.origin : `${base.protocol}//${env.S3_BUCKET}.${base.host}`;
  }
  return {
    signingSecret,
    ffmpegPath,
    transcodeConcurrency,
    s3: {
      endpoint,
      region,
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle,
      origin,
    },
  };
}
