// A lesson's poster taken from its own video on the server, with ffmpeg (Debian's package). Decoding a
// frame needs a real decoder, so this is the one place the school calls a program: when ffmpeg is not
// installed, or the frame cannot be read, the upload still succeeds and the editor is asked for a picture.
import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';

/** ffmpeg gets this long: a seek and one frame take well under a second even for a long film. */
const FFMPEG_TIMEOUT_MS = 30_000;
/** Posters are shown at most this wide; a 4K frame would be megabytes for nothing. */
const POSTER_WIDTH = 1280;

/** Where in the video to take the frame: a little in, past a black first frame, never past the end. */
export function posterMoment(durationSeconds: number): number {
  return Math.min(1, durationSeconds / 2);
}

function run(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(command, args, { stdio: 'ignore' });
    } catch {
      resolve(false);
      return;
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), FFMPEG_TIMEOUT_MS);
    child.once('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}

/** A JPEG of the frame at `posterMoment`, or null when ffmpeg is missing or could not make one. */
export async function posterFrame(
  ffmpeg: string,
  videoPath: string,
  durationSeconds: number,
): Promise<Buffer | null> {
  const out = `${videoPath}.poster.jpg`;
  const made = await run(ffmpeg, [
    '-nostdin',
    '-v',
    'error',
    '-ss',
    posterMoment(durationSeconds).toFixed(2),
    '-i',
    videoPath,
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
    if (!made) return null;
    const jpeg = await readFile(out);
    return jpeg.length > 0 ? jpeg : null;
  } catch {
    return null;
  } finally {
    await rm(out, { force: true });
  }
}
