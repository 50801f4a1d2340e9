// The store the configuration names: an S3-compatible bucket when S3_* are set, otherwise the local folder
// DATA_DIR/media. The demo lessons' media come with the repository (src/server/db/seed/media) under the
// `demo/` prefix: the local store reads them in place, a bucket gets a copy of the ones it lacks.
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MediaConfig } from '../../config';
import { createLocalStore, type LocalMediaStore } from './local-store';
import { contentTypeOf } from './media-types';
import { withCachedSigning } from './signed-url-cache';
import type { MediaStore } from './store';

export const DEMO_MEDIA_DIR = fileURLToPath(new URL('../../db/seed/media', import.meta.url));
const DEMO_PREFIX = 'demo/';

interface StoreConfig {
  dataDir: string;
  media: MediaConfig;
}

export function localMediaStore(config: StoreConfig): LocalMediaStore {
  return withCachedSigning(
    createLocalStore({
      root: join(config.dataDir, 'media'),
      secret: config.media.signingSecret ?? randomBytes(32).toString('base64url'),
      bundled: { [DEMO_PREFIX]: DEMO_MEDIA_DIR },
    }),
  );
}

/** The configured store. The AWS SDK is loaded only when a bucket is configured. */
export async function configuredMediaStore(config: StoreConfig): Promise<MediaStore> {
  const { s3 } = config.media;
  if (s3 === null) return localMediaStore(config);
  const { createS3Store } = await import('./s3-store');
  return withCachedSigning(createS3Store(s3));
}

/** Copies the demo media a bucket does not hold yet; gives how many it wrote. Nothing for the local store. */
export async function copyBundledMedia(store: MediaStore): Promise<number> {
  if (store.kind !== 's3') return 0;
  let written = 0;
  for (const name of await readdir(DEMO_MEDIA_DIR)) {
    const key = `${DEMO_PREFIX}${name}`;
    const contentType = contentTypeOf(key);
    if (contentType === undefined || (await store.has(key))) continue;
    await store.put(key, await readFile(join(DEMO_MEDIA_DIR, name)), contentType);
    written += 1;
  }
  return written;
}
