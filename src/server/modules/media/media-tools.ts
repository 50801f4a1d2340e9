// How the server runs ffmpeg and ffprobe on a file an editor uploaded: a file from outside, so each run is
// fenced in. The file is read as a local file only (`-protocol_whitelist file`) and only by the two
// demuxers of the containers the school takes (`-format_whitelist mov,matroska`), so a playlist or a
// concat list dressed as a video cannot make the program open the network, a data: URI or another file.
// Each run gets a ceiling on memory and on time, so a crafted header claiming a giant picture costs an
// error, not the server's memory.
import { spawn } from 'node:child_process';
import { basename, dirname, join } from 'node:path';

/**
 * Address space for one run: 1 GiB. Debian's ffmpeg and ffprobe map about 380 MiB of shared libraries
 * before reading a byte; decoding one 4K frame of H.264, VP9 or AV1 on one thread took at most 512 MiB in
 * all (measured with prlimit on Debian 12's ffmpeg 5.1). Twice that leaves room for an honest video and
 * still stops a header that would have a decoder allocate gigabytes.
 */
export const TOOL_MEMORY_BYTES = 1024 * 1024 * 1024;
/** A run gets this long on the clock: reading headers or one frame takes well under a second. */
export const TOOL_TIMEOUT_MS = 30_000;
/** What ffprobe may print: a real file's streams take a kilobyte; more is a file of thousands of tracks. */
const MAX_OUTPUT_BYTES = 64 * 1024;

/** Options every run gets before its input: local files only, and only our two containers' demuxers. */
export const SAFE_INPUT = [
  '-protocol_whitelist',
  'file',
  '-format_whitelist',
  'mov,matroska',
  '-threads',
  '1',
] as const;

/** The input as ffmpeg is to open it: by the file protocol, whatever characters the path holds. */
export const fileInput = (path: string) => `file:${path}`;

export type ToolOutcome =
  | { kind: 'done'; output: string }
  | { kind: 'failed' }
  | { kind: 'missing' }
  | { kind: 'timed-out' };

/** The shell's answer when the program to exec is not there. */
const NOT_FOUND = 127;

/**
 * Runs `command` under a ceiling on its address space (`ulimit -v`, set by /bin/sh just before it becomes
 * the program, so Node itself is not limited) and kills it after `timeoutMs`.
 */
export function runTool(
  command: string,
  args: readonly string[],
  options: { timeoutMs?: number; memoryBytes?: number } = {},
): Promise<ToolOutcome> {
  const { timeoutMs = TOOL_TIMEOUT_MS, memoryBytes = TOOL_MEMORY_BYTES } = options;
  const kilobytes = String(Math.floor(memoryBytes / 1024));
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(
        '/bin/sh',
        ['-c', 'ulimit -v "$1" || exit 126; shift; exec "$@"', 'sh', kilobytes, command, ...args],
        { stdio: ['ignore', 'pipe', 'ignore'] },
      );
    } catch {
      resolve({ kind: 'missing' });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let overflow = false;
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT_BYTES) {
        overflow = true;
        child.kill('SIGKILL');
        return;
      }
      chunks.push(chunk);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('error', () => {
      clearTimeout(timer);
      resolve({ kind: 'missing' });
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (timedOut) resolve({ kind: 'timed-out' });
      else if (code === NOT_FOUND) resolve({ kind: 'missing' });
      else if (code !== 0 || overflow) resolve({ kind: 'failed' });
      else resolve({ kind: 'done', output: Buffer.concat(chunks).toString('utf8') });
    });
  });
}

/**
 * ffprobe, from beside the configured ffmpeg (Debian's package installs both): `/opt/x/bin/ffmpeg` gives
 * `/opt/x/bin/ffprobe`, a bare `ffmpeg` gives `ffprobe` on the PATH.
 */
export function ffprobeBeside(ffmpegPath: string): string {
  const name = basename(ffmpegPath);
  const probe = name.includes('ffmpeg') ? name.replace(/ffmpeg(?!.*ffmpeg)/, 'ffprobe') : 'ffprobe';
  return ffmpegPath.includes('/') ? join(dirname(ffmpegPath), probe) : probe;
}
