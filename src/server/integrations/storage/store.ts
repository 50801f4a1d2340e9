// Where lesson media live: a local folder by default, an S3-compatible bucket when configured. Either way
// the school hands out only short-lived signed URLs, and only to viewers the access rule lets in.
export interface MediaStore {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  has(key: string): Promise<boolean>;
  /** A URL that opens the file, byte ranges included, for `ttlSeconds` from `now`. */
  signedUrl(key: string, ttlSeconds: number, now: Date): Promise<string>;
}
