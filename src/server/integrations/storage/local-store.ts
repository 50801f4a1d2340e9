// The default store: files under a folder (DATA_DIR/media), served by the school itself at
// /media/<key>?expires=…&signature=… (media-routes.ts).
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isMediaKey } from './media-types';
import { mediaSignature } from './signing';
import type { MediaStore } from './store';

export const LOCAL_MEDIA_PREFIX = '/media/';

export interface LocalStoreOptions {
  root: string;
  secret: string;
}

function pathOf(root: string, key: string): string {
  if (!isMediaKey(key)) throw new Error(`Not a media key: ${key}`);
  return join(root, key);
}

export function createLocalStore({ root, secret }: LocalStoreOptions): MediaStore {
  return {
    kind: 'local',
    async put(key, body) {
      const path = pathOf(root, key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, body);
    },
    async has(key) {
      try {
        return (await stat(pathOf(root, key))).isFile();
      } catch {
        return false;
      }
    },
    signedUrl(key, ttlSeconds, now) {
      pathOf(root, key);
      const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
      const signature = mediaSignature(secret, key, expires);
      return Promise.resolve(
        `${LOCAL_MEDIA_PREFIX}${key}?expires=${expires}&signature=${signature}`,
      );
    },
  };
}
