// A lesson's poster taken from its own video on the server, with ffmpeg (Debian's package). Decoding a
// frame needs a real decoder (so does naming the codecs, video-codecs.ts, with ffprobe): when ffmpeg is not
// installed, or the frame cannot be read, the upload still succeeds and the editor is asked for a picture.
// It runs fenced in like every call of ffmpeg here (media-tools.ts): local file, our containers only,
// a memory ceiling and 30 s at most.
import { readFile, rm } from 'node:fs/promises';
import { SAFE_INPUT, fileInput, runTool } from './media-tools';

/** Posters are shown at most this wide; a 4K frame would be megabytes for nothing. */
const POSTER_WIDTH = 1280;

/** Where in the video to take the frame: a little in, past a black first frame, never past the end. */
export function posterMoment(durationSeconds: number): number {
  return Math.min(1, durationSeconds / 2);
}

/** A JPEG of the frame at `posterMoment`, or null when ffmpeg is missing or could not make one. */
export async function posterFrame(
  ffmpeg: string,
  videoPath: string,
  durationSeconds: number,
): Promise<Buffer | null> {
  const out = `${videoPath}.poster.jpg`;
  const run = await runTool(ffmpeg, [
    '-nostdin',
    '-v',
    'error',
    ...SAFE_INPUT,
    '-ss',
    posterMoment(durationSeconds).toFixed(2),
    '-i',
    fileInput(videoPath),
    '-frames:v',
    '1',
    '-vf',
    `scale='min(${POSTER_WIDTH},iw)':-2`,
    '-q:v',
    '3',
    '-f',
    'image2',
    '-y',
    out,
  ]);
  try {
    if (run.kind !== 'done') return null;
    const jpeg = await readFile(out);
    return jpeg.length > 0 ? jpeg : null;
  } catch {
    return null;
  } finally {
    await rm(out, { force: true });
  }
}
