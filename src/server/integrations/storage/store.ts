// Where lesson media live: a local folder by default, an S3-compatible bucket when configured. Either way
// the school hands out only short-lived signed URLs, and only to viewers the access rule lets in.
import type { LocalMediaStore } from './local-store';
import type { S3MediaStore } from './s3-store';

/** Told apart by `kind`: the local store also needs its serving route. */
export type MediaStore = LocalMediaStore | S3MediaStore;
