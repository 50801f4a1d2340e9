// Whether browsers can play the uploaded video: its container is right (video-probe.ts), but an MP4 or
// a QuickTime file may hold HEVC, ProRes or PCM sound, which most browsers do not play, and the child
// would see a black player. ffprobe names the codecs; the school takes what every current browser plays.
import { UploadCheckError } from './file-checks';
import { SAFE_INPUT, fileInput, runTool } from './media-tools';
import type { VideoFormat } from './video-probe';

/** What each container may hold: the codecs as ffprobe names them. */
const PLAYABLE: Record<VideoFormat, { video: readonly string[]; audio: readonly string[] }> = {
  mp4: { video: ['h264'], audio: ['aac', 'mp3'] },
  webm: { video: ['vp8', 'vp9', 'av1'], audio: ['opus', 'vorbis'] },
};
/** ffprobe's name of the demuxer that read the file, for each of our containers. */
const DEMUXER: Record<VideoFormat, string> = {
  mp4: 'mov,mp4,m4a,3gp,3g2,mj2',
  webm: 'matroska,webm',
};

export const ACCEPTED =
  'Подходит MP4 (видео H.264, звук AAC или MP3) или WebM (видео VP8, VP9 или AV1, звук Opus или Vorbis); звука может и не быть';
const UNREADABLE =
  'Видео не получилось прочитать — сохраните его заново, например в MP4 из видеоредактора';
const NOT_A_VIDEO = 'Это не видео в формате MP4 или WebM';

const NAMES: Record<string, string> = {
  h264: 'H.264',
  hevc: 'HEVC (H.265)',
  vp8: 'VP8',
  vp9: 'VP9',
  av1: 'AV1',
  mpeg4: 'MPEG-4 Part 2',
  mpeg2video: 'MPEG-2',
  prores: 'ProRes',
  mjpeg: 'Motion JPEG',
  aac: 'AAC',
  mp3: 'MP3',
  opus: 'Opus',
  vorbis: 'Vorbis',
  ac3: 'AC-3',
  eac3: 'E-AC-3',
  alac: 'ALAC',
  flac: 'FLAC',
};

function nameOf(codec: string): string {
  if (codec.startsWith('pcm_')) return 'PCM';
  return NAMES[codec] ?? (codec.replace(/[^a-z0-9_-]/gi, '').toUpperCase() || 'неизвестный кодек');
}

/** ffprobe could not be run at all: the server's fault, not the file's. */
export class VideoCheckUnavailable extends Error {}

interface ProbedStream {
  codec_type?: unknown;
  codec_name?: unknown;
  disposition?: { attached_pic?: unknown };
}

function parse(output: string): { format: string; streams: ProbedStream[] } {
  try {
    const json = JSON.parse(output) as { format?: { format_name?: unknown }; streams?: unknown };
    const format = json.format?.format_name;
    if (typeof format !== 'string' || !Array.isArray(json.streams)) throw new Error('no format');
    return { format, streams: json.streams as ProbedStream[] };
  } catch {
    throw new UploadCheckError(UNREADABLE);
  }
}

/**
 * Refuses, with the editor's message, a video whose codecs browsers do not play; `format` is the
 * container the header said. Throws VideoCheckUnavailable when ffprobe cannot be run.
 */
export async function checkPlayable(
  ffprobe: string,
  path: string,
  format: VideoFormat,
): Promise<void> {
  const run = await runTool(ffprobe, [
    '-v',
    'error',
    ...SAFE_INPUT,
    '-show_entries',
    'format=format_name:stream=codec_type,codec_name:stream_disposition=attached_pic',
    '-of',
    'json',
    '-i',
    fileInput(path),
  ]);
  if (run.kind === 'missing') throw new VideoCheckUnavailable(`ffprobe (${ffprobe}) cannot be run`);
  if (run.kind !== 'done') throw new UploadCheckError(UNREADABLE);
  const probed = parse(run.output);
  if (probed.format !== DEMUXER[format]) throw new UploadCheckError(NOT_A_VIDEO);
  const allowed = PLAYABLE[format];
  const refused: string[] = [];
  let pictures = 0;
  for (const stream of probed.streams) {
    const codec = typeof stream.codec_name === 'string' ? stream.codec_name : '';
    // A cover picture inside the file is not what plays.
    if (stream.disposition?.attached_pic === 1) continue;
    if (stream.codec_type === 'video') {
      pictures += 1;
      if (!allowed.video.includes(codec)) refused.push(`видео ${nameOf(codec)}`);
    } else if (stream.codec_type === 'audio' && !allowed.audio.includes(codec)) {
      refused.push(`звук ${nameOf(codec)}`);
    }
  }
  if (pictures === 0) throw new UploadCheckError('В файле нет видеодорожки');
  if (refused.length > 0) {
    const found = [...new Set(refused)].join(' и ');
    throw new UploadCheckError(
      `В файле ${found} — браузеры такое не покажут. ${ACCEPTED}. Сохраните видео заново, например в MP4 с H.264`,
    );
  }
}
