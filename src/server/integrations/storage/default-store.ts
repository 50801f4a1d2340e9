// The store the school uses when buildApp is given none: the local folder DATA_DIR/media, with the demo
// lessons' media read from the repository (src/server/db/seed/media) under the `demo/` prefix.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLocalStore, type LocalMediaStore } from './local-store';

export const DEMO_MEDIA_DIR = fileURLToPath(new URL('../../db/seed/media', import.meta.url));

export function defaultMediaStore(dataDir: string): LocalMediaStore {
  return createLocalStore({
    root: join(dataDir, 'media'),
    secret: randomBytes(32).toString('base64url'),
    bundled: { 'demo/': DEMO_MEDIA_DIR },
  });
}
