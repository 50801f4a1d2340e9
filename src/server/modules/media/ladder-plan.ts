// Which renditions a lesson video becomes, and the ffmpeg arguments that make them in one run. Pure: the
// job (transcode-job.ts) probes the source, asks for the plan and runs it.
import { SAFE_INPUT, fileInput } from './media-tools';

export interface Rung {
  /** The rendition's name: its playlist is `<name>.m3u8`, its segments `<name>_000.ts`… */
  name: string;
  height: number;
  videoKbps: number;
  /** The sound's bitrate when the source has sound (silence is always SILENCE_KBPS). */
  audioKbps: number;
}

export interface SourceFacts {
  width: number;
  height: number;
  /** Frames per second as the container says; 0 when unknown. */
  fps: number;
  durationSeconds: number;
  hasAudio: boolean;
}

/** Sound of a lesson: speech and songs. The lowest rung's is smaller, so that rung fits a weak line. */
const AUDIO_KBPS = 96;
const LOW_AUDIO_KBPS = 64;
/** A source without sound gets silence, mono and smaller. */
const SILENCE_KBPS = 32;
/**
 * The usual ladder for a source of 720p or more: nothing is upscaled, so a 1080p source tops at 720p. The
 * lowest rung is sized for a 0.6 Мбит/с line: 400 + 64 kbit/s, declared in the master as about
 * 0.51 Мбит/с, and a minute of it under 4 MB with MPEG-TS's overhead (docs/VIDEO-PERFORMANCE.md).
 */
const STANDARD: readonly Rung[] = [
  { name: '720p', height: 720, videoKbps: 2500, audioKbps: AUDIO_KBPS },
  { name: '540p', height: 540, videoKbps: 1200, audioKbps: AUDIO_KBPS },
  { name: '360p', height: 360, videoKbps: 400, audioKbps: LOW_AUDIO_KBPS },
];
/**
 * Segments are this long (HLS asks for 2–6 s). The shortest: the first frame waits for a whole first
 * segment, which at the lowest rung is about 120 KB — 0.6 s on a 1.6 Мбит/с line, where 4 s segments
 * took 1.3 s and the tap-to-picture time went over 2 s (docs/VIDEO-PERFORMANCE.md). It also lets the player
 * switch rungs sooner; the cost is a keyframe every 2 s and twice the requests.
 */
export const SEGMENT_SECONDS = 2;
const MIN_VIDEO_KBPS = 100;

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * Three rungs, never above the source: the standard ladder for 720p and more; a smaller source gets its
 * own height, three quarters and a half of it, with bitrates scaled by the picture's area from 360p's.
 */
export function ladderFor(source: Pick<SourceFacts, 'height'>): Rung[] {
  if (source.height >= 720) return [...STANDARD];
  return [1, 0.75, 0.5].map((share) => {
    const height = even(source.height * share);
    const videoKbps = Math.max(MIN_VIDEO_KBPS, Math.round(400 * (height / 360) ** 2));
    const audioKbps = share === 0.5 ? LOW_AUDIO_KBPS : AUDIO_KBPS;
    return { name: `${height}p`, height, videoKbps, audioKbps };
  });
}

/** A keyframe at every segment boundary in every rendition, so a player can switch at any of them. */
export function keyframeInterval(fps: number): number {
  return Math.max(1, Math.round((fps > 0 && fps <= 120 ? fps : 25) * SEGMENT_SECONDS));
}

/** ffmpeg's arguments: one decode, split into the rungs, written as HLS into `outDir`. */
export function ladderArgs(input: string, outDir: string, facts: SourceFacts): string[] {
  const rungs = ladderFor(facts);
  const gop = String(keyframeInterval(facts.fps));
  const n = rungs.length;
  const videos = rungs.map((r, i) => `[s${i}]scale=-2:${r.height}[v${i}]`).join(';');
  // No sound in the source: silence, so every rendition has the same codecs and players switch freely.
  const audioSource = facts.hasAudio
    ? '[0:a:0]aresample=48000'
    : `anullsrc=r=48000:cl=mono,atrim=duration=${facts.durationSeconds}`;
  const audios = `${audioSource},asplit=${n}${rungs.map((_, i) => `[a${i}]`).join('')}`;
  const graph = `[0:v:0]split=${n}${rungs.map((_, i) => `[s${i}]`).join('')};${videos};${audios}`;
  const perRung = rungs.flatMap((r, i) => [
    `-b:v:${i}`,
    `${r.videoKbps}k`,
    `-maxrate:v:${i}`,
    `${Math.round(r.videoKbps * 1.1)}k`,
    `-bufsize:v:${i}`,
    `${r.videoKbps * 2}k`,
    `-b:a:${i}`,
    `${facts.hasAudio ? r.audioKbps : SILENCE_KBPS}k`,
  ]);
  return [
    '-nostdin',
    '-y',
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostats',
    '-progress',
    'pipe:1',
    ...SAFE_INPUT,
    '-i',
    fileInput(input),
    '-filter_complex',
    graph,
    ...rungs.flatMap((_, i) => ['-map', `[v${i}]`, '-map', `[a${i}]`]),
    '-c:v',
    'libx264',
    '-profile:v',
    'main',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-sc_threshold',
    '0',
    '-g',
    gop,
    '-keyint_min',
    gop,
    // Frame counts drift with a variable frame rate; the clock does not.
    '-force_key_frames',
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    ...perRung,
    '-c:a',
    'aac',
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_filename',
    `${outDir}/%v_%03d.ts`,
    '-master_pl_name',
    'master.m3u8',
    '-var_stream_map',
    rungs.map((r, i) => `v:${i},a:${i},name:${r.name}`).join(' '),
    `${outDir}/%v.m3u8`,
  ];
}

/** The percent done from one block of ffmpeg's `-progress` output, or null when it names no time. */
export function progressPercent(block: string, durationSeconds: number): number | null {
  if (/^progress=end$/m.test(block)) return 100;
  const match = /^out_time_us=(\d+)$/m.exec(block);
  if (!match?.[1] || durationSeconds <= 0) return null;
  const seconds = Number(match[1]) / 1_000_000;
  return Math.max(0, Math.min(99, Math.floor((seconds / durationSeconds) * 100)));
}
