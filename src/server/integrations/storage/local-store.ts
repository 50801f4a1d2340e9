// The default store: files under a folder (DATA_DIR/media), served by the school itself at
// /lesson-media/<key>?expires=…&signature=… (media-routes.ts). Keys under a bundled prefix (the demo lessons'
// `demo/`) are read from the repository's own folder, so the demo needs no copying at start-up.
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isMediaKey } from './media-types';
import { mediaSignature } from './signing';
import type { MediaStoreBase } from './store-base';

/** Not /media/: the SPA's own public files (the landing's promo video) live there. */
export const LOCAL_MEDIA_PREFIX = '/lesson-media/';

export interface LocalStoreOptions {
  root: string;
  /**
   * Signs the URLs. The local folder belongs to one instance, so a key made at start-up is enough: URLs
   * live minutes, and a restart only makes the players ask for new ones.
   */
  secret: string;
  /** Read-only folders by key prefix, e.g. { 'demo/': '<repo>/src/server/db/seed/media' }. */
  bundled?: Record<string, string>;
}

export interface LocalMediaStore extends MediaStoreBase {
  readonly kind: 'local';
  /** The writable folder. */
  readonly root: string;
  readonly secret: string;
  /** The folder and the path below it that hold `key` (no check that the file exists). */
  locate(key: string): { root: string; path: string };
}

export function createLocalStore({
  root,
  secret,
  bundled = {},
}: LocalStoreOptions): LocalMediaStore {
  const locate = (key: string) => {
    if (!isMediaKey(key)) throw new Error(`Not a media key: ${key}`);
    for (const [prefix, dir] of Object.entries(bundled)) {
      const path = key.slice(prefix.length);
      if (key.startsWith(prefix) && existsSync(join(dir, path))) return { root: dir, path };
    }
    return { root, path: key };
  };
  return {
    kind: 'local',
    root,
    secret,
    locate,
    async put(key, body) {
      if (!isMediaKey(key)) throw new Error(`Not a media key: ${key}`);
      const path = join(root, key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, body);
    },
    async remove(key) {
      if (!isMediaKey(key)) throw new Error(`Not a media key: ${key}`);
      // Only the writable folder: the bundled demo media are the repository's.
      await rm(join(root, key), { force: true });
    },
    async putFile(key, from) {
      if (!isMediaKey(key)) throw new Error(`Not a media key: ${key}`);
      const path = join(root, key);
      await mkdir(dirname(path), { recursive: true });
      await copyFile(from, path);
    },
    async has(key) {
      const { root: dir, path } = locate(key);
      try {
        return (await stat(join(dir, path))).isFile();
      } catch {
        return false;
      }
    },
    async read(key) {
      const { root: dir, path } = locate(key);
      try {
        return await readFile(join(dir, path));
      } catch {
        return null;
      }
    },
    async download(key, to) {
      const { root: dir, path } = locate(key);
      await copyFile(join(dir, path), to);
    },
    signedUrl(key, ttlSeconds, now) {
      // Only the key is checked, not the disk: a lessons page signs a dozen URLs per request.
      if (!isMediaKey(key)) throw new Error(`Not a media key: ${key}`);
      const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
      const signature = mediaSignature(secret, key, expires);
      return Promise.resolve(
        `${LOCAL_MEDIA_PREFIX}${key}?expires=${expires}&signature=${signature}`,
      );
    },
  };
}
