// What the upload tests share: a file sent the way the back office sends it, with the real tus client
// over real HTTP, resolving with the server's findings or rejecting with «status message».
import { existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import * as tus from 'tus-js-client';
import type { MediaUpload } from '@contract/api/admin-learning';
import { bearer } from './accounts';

export interface Sent {
  result: MediaUpload;
  progress: number[];
}

/** Uploads `bytes` to `endpoint` as the admin's form does. */
export function uploadFile(
  endpoint: string,
  token: string,
  bytes: Buffer,
  meta: { kind: string; filename: string },
  options: { chunkSize?: number; uploadUrl?: string } = {},
): Promise<Sent> {
  const progress: number[] = [];
  return new Promise((resolve, reject) => {
    const sending = new tus.Upload(bytes, {
      endpoint,
      uploadUrl: options.uploadUrl ?? null,
      headers: bearer(token),
      metadata: meta,
      chunkSize: options.chunkSize ?? 8 * 1024,
      retryDelays: [],
      onProgress: (sentBytes) => progress.push(sentBytes),
      onSuccess: ({ lastResponse }) =>
        resolve({
          result: (JSON.parse(lastResponse.getBody()) as { data: MediaUpload }).data,
          progress,
        }),
      onError: (error) => {
        const body = (error as tus.DetailedError).originalResponse?.getBody() ?? '';
        const status = (error as tus.DetailedError).originalResponse?.getStatus() ?? 0;
        let message = body;
        try {
          message = (JSON.parse(body) as { message: string }).message;
        } catch {
          // not JSON: keep the text
        }
        reject(new Error(`${status} ${message}`));
      },
    });
    sending.start();
  });
}

/**
 * An FFMPEG_PATH naming an ffmpeg that is not there, in a folder whose ffprobe is the real one: a server
 * that can check a video's codecs but cannot take a poster frame.
 */
export function ffmpegMissingBesideFfprobe(): string {
  const real = (process.env.PATH ?? '')
    .split(delimiter)
    .map((dir) => join(dir, 'ffprobe'))
    .find((path) => existsSync(path));
  if (!real) throw new Error('these tests need ffprobe (Debian: apt-get install ffmpeg)');
  const dir = mkdtempSync(join(tmpdir(), 'umnyashki-no-ffmpeg-'));
  symlinkSync(real, join(dir, 'ffprobe'));
  return join(dir, 'ffmpeg');
}
