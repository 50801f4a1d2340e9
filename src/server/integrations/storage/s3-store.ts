// The production store: an S3-compatible bucket through the AWS SDK, media opened by presigned GET URLs
// that the bucket itself checks (signature and expiry), byte ranges included.
import {
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  DeleteObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stat } from 'node:fs/promises';
import { isMediaKey } from './media-types';
import type { MediaStoreBase } from './store-base';

export interface S3StoreOptions {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (endpoint/bucket/key): what MinIO, s3rver and most self-hosted stores want. */
  forcePathStyle: boolean;
}

const checked = (key: string): string => {
  if (!isMediaKey(key)) throw new Error(`Not a media key: ${key}`);
  return key;
};

export interface S3MediaStore extends MediaStoreBase {
  readonly kind: 's3';
  readonly client: S3Client;
}

export function createS3Store(options: S3StoreOptions): S3MediaStore {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 requires them: by default the SDK sends a streamed upload as `aws-chunked`
    // with a trailing checksum, which many S3-compatible stores (and s3rver) keep as the object's bytes,
    // framing included — an HLS playlist or segment read back would not be what was written.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  const Bucket = options.bucket;
  return {
    kind: 's3',
    client,
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: checked(key), Body: body, ContentType: contentType }),
      );
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
    async putFile(key, path, contentType) {
      const { size } = await stat(path);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checked(key),
          Body: createReadStream(path),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
        return true;
      } catch (error) {
        if (error instanceof NotFound) return false;
        throw error;
      }
    },
    async read(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checked(key) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof NoSuchKey || error instanceof NotFound) return null;
        throw error;
      }
    },
    async download(key, path) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: checked(key) }));
      if (!(answer.Body instanceof Readable)) throw new Error(`No body for ${key}`);
      await pipeline(answer.Body, createWriteStream(path));
    },
    signedUrl(key, ttlSeconds, now) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: checked(key) }), {
        expiresIn: ttlSeconds,
        signingDate: now,
      });
    },
  };
}
