// What every media store does, in a file of its own: the local and the S3 store build on it, and store.ts
// names them both, so the base sits below all three.

export interface MediaStoreBase {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file at `path` under `key`, streamed: an uploaded lesson video may be gigabytes. */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  has(key: string): Promise<boolean>;
  /** A small file's bytes (a playlist, subtitles), or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** Copies the file to a local `path`, streamed: the transcoder needs a local file to read. */
  download(key: string, path: string): Promise<void>;
  /** Deletes the file; a missing one is no error. */
  remove(key: string): Promise<void>;
  /** A URL that opens the file, byte ranges included, for `ttlSeconds` from `now`. */
  signedUrl(key: string, ttlSeconds: number, now: Date): Promise<string>;
}
