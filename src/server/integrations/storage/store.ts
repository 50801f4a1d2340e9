// Where lesson media live: a local folder by default, an S3-compatible bucket when configured. Either way
// the school hands out only short-lived signed URLs, and only to viewers the access rule lets in.
import type { LocalMediaStore } from './local-store';
import type { S3MediaStore } from './s3-store';

export interface MediaStoreBase {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file at `path` under `key`, streamed: an uploaded lesson video may be gigabytes. */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  has(key: string): Promise<boolean>;
  /** Deletes the file; a missing one is no error. */
  remove(key: string): Promise<void>;
  /** A URL that opens the file, byte ranges included, for `ttlSeconds` from `now`. */
  signedUrl(key: string, ttlSeconds: number, now: Date): Promise<string>;
}

/** Told apart by `kind`: the local store also needs its serving route. */
export type MediaStore = LocalMediaStore | S3MediaStore;
