// Runs the probe and the ladder's ffmpeg for the transcoding job, fenced in like every other run on a file
// from outside (media-tools.ts): local file input only, our two containers' demuxers only, a memory
// ceiling and a clock. The ladder's run is long, so its `-progress` lines are read as they come.
import { spawn } from 'node:child_process';
import { SAFE_INPUT, fileInput, runTool } from './media-tools';
import { ladderArgs, progressPercent, type SourceFacts } from './ladder-plan';

/** Three x264 encoders and their lookahead: more than one frame's decoding needs (media-tools.ts). */
const LADDER_MEMORY_BYTES = 3 * 1024 * 1024 * 1024;
/** Time enough for a slow machine (a third of real time) plus a margin; then the run is killed. */
export const ladderTimeoutMs = (durationSeconds: number) => (30 * 60 + durationSeconds * 3) * 1000;

export type LadderOutcome = 'done' | 'failed' | 'missing' | 'timed-out';

interface ProbeJson {
  format?: { duration?: unknown };
  streams?: {
    codec_type?: unknown;
    width?: unknown;
    height?: unknown;
    avg_frame_rate?: unknown;
    r_frame_rate?: unknown;
    disposition?: { attached_pic?: unknown };
  }[];
}

const rate = (value: unknown): number => {
  if (typeof value !== 'string') return 0;
  const [num, den] = value.split('/').map(Number);
  return num && den ? num / den : 0;
};

/** The source's picture size, frame rate, length and whether it has sound; null when unreadable. */
export async function probeSource(
  ffprobe: string,
  path: string,
): Promise<SourceFacts | 'missing' | null> {
  const run = await runTool(ffprobe, [
    '-v',
    'error',
    ...SAFE_INPUT,
    '-show_entries',
    'format=duration:stream=codec_type,width,height,avg_frame_rate,r_frame_rate:stream_disposition=attached_pic',
    '-of',
    'json',
    '-i',
    fileInput(path),
  ]);
  if (run.kind === 'missing') return 'missing';
  if (run.kind !== 'done') return null;
  let json: ProbeJson;
  try {
    json = JSON.parse(run.output) as ProbeJson;
  } catch {
    return null;
  }
  const streams = json.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const duration = Number(json.format?.duration);
  if (!video || typeof video.width !== 'number' || typeof video.height !== 'number') return null;
  if (!(duration > 0) || video.width < 16 || video.height < 16) return null;
  return {
    width: video.width,
    height: video.height,
    fps: rate(video.avg_frame_rate) || rate(video.r_frame_rate),
    durationSeconds: duration,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
  };
}

/** When the first segment starts, in 90 kHz ticks (MPEG-TS starts at 1.4 s, not 0). */
export async function firstSegmentTicks(ffprobe: string, segment: string): Promise<number> {
  const run = await runTool(ffprobe, [
    '-v',
    'error',
    '-show_entries',
    'format=start_time',
    '-of',
    'csv=p=0',
    `file:${segment}`,
  ]);
  const start = run.kind === 'done' ? Number(run.output.trim()) : NaN;
  return Number.isFinite(start) && start >= 0 ? Math.round(start * 90_000) : 0;
}

/** Writes the ladder of `input` into `outDir`, telling `onProgress` each new percent. */
export function runLadder(
  ffmpeg: string,
  input: string,
  outDir: string,
  facts: SourceFacts,
  onProgress: (percent: number) => void,
): Promise<LadderOutcome> {
  const kilobytes = String(Math.floor(LADDER_MEMORY_BYTES / 1024));
  const args = ladderArgs(input, outDir, facts);
  return new Promise((resolve) => {
    const child = spawn(
      '/bin/sh',
      ['-c', 'ulimit -v "$1" || exit 126; shift; exec "$@"', 'sh', kilobytes, ffmpeg, ...args],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let pending = '';
    let last = -1;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      // Each block of -progress output ends with its `progress=` line.
      let end = pending.search(/^progress=\w+$/m);
      while (end !== -1) {
        const lineEnd = pending.indexOf('\n', end);
        if (lineEnd === -1) break;
        const percent = progressPercent(pending.slice(0, lineEnd), facts.durationSeconds);
        pending = pending.slice(lineEnd + 1);
        if (percent !== null && percent > last) {
          last = percent;
          onProgress(percent);
        }
        end = pending.search(/^progress=\w+$/m);
      }
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, ladderTimeoutMs(facts.durationSeconds));
    child.once('error', () => {
      clearTimeout(timer);
      resolve('missing');
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (timedOut) resolve('timed-out');
      else if (code === 127) resolve('missing');
      else resolve(code === 0 ? 'done' : 'failed');
    });
  });
}
