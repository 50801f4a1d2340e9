// What the server reads from an uploaded video before a lesson may use it: that it really is an MP4 or a
// WebM with a picture track (not a renamed file), and how long it plays. Only the container's headers are
// read, a few kilobytes wherever they sit in the file, so a video of hundreds of megabytes costs nothing.
import type { FileHandle } from 'node:fs/promises';

export type VideoFormat = 'mp4' | 'webm';

export interface VideoFacts {
  format: VideoFormat;
  durationSeconds: number;
}

/** Why a file is refused, in the editor's words. */
export class VideoProbeError extends Error {}

const NOT_A_VIDEO = 'Это не видео в формате MP4 или WebM';
const NO_PICTURE = 'В файле нет видеодорожки';
const TOO_LONG = 'Видео длиннее шести часов — это не урок; проверьте файл';
const NO_DURATION =
  'В файле не записана длительность — сохраните видео заново (например, в MP4 из видеоредактора)';

/** A real file needs a few dozen reads; a crafted one of nested boxes must not hold the server. */
const MAX_READS = 20_000;
/** Fields the probe reads whole: anything longer is not a real header. */
const MAX_FIELD_BYTES = 64;
/** The longest lesson: six hours. Longer is a broken or crafted header. */
export const MAX_DURATION_SECONDS = 6 * 60 * 60;
const MIN_DURATION_SECONDS = 0.5;
const reads = new WeakMap<FileHandle, number>();

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const count = (reads.get(file) ?? 0) + 1;
  reads.set(file, count);
  if (count > MAX_READS || length > MAX_FIELD_BYTES || position < 0) {
    throw new VideoProbeError(NOT_A_VIDEO);
  }
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** Exactly `length` bytes, or the file is cut short: not a video. */
async function readExactly(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const bytes = await readAt(file, position, length);
  if (bytes.length < length) throw new VideoProbeError(NOT_A_VIDEO);
  return bytes;
}

function checkedDuration(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds < MIN_DURATION_SECONDS) {
    throw new VideoProbeError(NO_DURATION);
  }
  if (seconds > MAX_DURATION_SECONDS) throw new VideoProbeError(TOO_LONG);
  return seconds;
}

// ---- MP4 / QuickTime: a tree of boxes, each a 32-bit size (or 1 and a 64-bit size) and a 4-letter type.

interface Box {
  type: string;
  /** Where the box's content begins and ends in the file. */
  start: number;
  end: number;
}

async function boxesIn(file: FileHandle, from: number, to: number): Promise<Box[]> {
  const boxes: Box[] = [];
  let at = from;
  while (at + 8 <= to && boxes.length < 10_000) {
    const head = await readAt(file, at, 16);
    if (head.length < 8) break;
    let size = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    let headerSize = 8;
    if (size === 1) {
      if (head.length < 16) break;
      size = Number(head.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < headerSize || at + size > to) throw new VideoProbeError(NOT_A_VIDEO);
    boxes.push({ type, start: at + headerSize, end: at + size });
    at += size;
  }
  return boxes;
}

async function child(file: FileHandle, parent: Box, type: string): Promise<Box | undefined> {
  return (await boxesIn(file, parent.start, parent.end)).find((box) => box.type === type);
}

async function mp4Facts(file: FileHandle, size: number): Promise<VideoFacts> {
  const top = await boxesIn(file, 0, size);
  if (top[0]?.type !== 'ftyp') throw new VideoProbeError(NOT_A_VIDEO);
  const moov = top.find((box) => box.type === 'moov');
  if (!moov) throw new VideoProbeError(NOT_A_VIDEO);
  const mvhd = await child(file, moov, 'mvhd');
  if (!mvhd) throw new VideoProbeError(NOT_A_VIDEO);
  const header = await readExactly(file, mvhd.start, 32);
  const version = header[0];
  let timescale: number;
  let duration: number;
  if (version === 1) {
    timescale = header.readUInt32BE(20);
    duration = Number(header.readBigUInt64BE(24));
  } else {
    timescale = header.readUInt32BE(12);
    duration = header.readUInt32BE(16);
  }
  if (timescale === 0 || duration === 0 || duration === 0xffffffff) {
    throw new VideoProbeError(NO_DURATION);
  }
  let hasPicture = false;
  for (const trak of (await boxesIn(file, moov.start, moov.end)).filter((b) => b.type === 'trak')) {
    const mdia = await child(file, trak, 'mdia');
    const hdlr = mdia && (await child(file, mdia, 'hdlr'));
    // hdlr: version and flags (4), pre_defined (4), then the handler type.
    if (hdlr && (await readExactly(file, hdlr.start + 8, 4)).toString('latin1') === 'vide') {
      hasPicture = true;
    }
  }
  if (!hasPicture) throw new VideoProbeError(NO_PICTURE);
  return { format: 'mp4', durationSeconds: checkedDuration(duration / timescale) };
}

// ---- WebM (Matroska): EBML elements, each a variable-length id, a variable-length size and the data.

const EBML_HEADER = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMESTAMP_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const CLUSTER = 0x1f43b675;
const VIDEO_TRACK = 1;

interface Element {
  id: number;
  start: number;
  /** Infinity for an element of unknown size (a live recording's segment). */
  end: number;
}

/** A variable-length integer at the start of `bytes`: its value (marker kept for ids) and length. */
function vint(bytes: Buffer, keepMarker: boolean): { value: number; length: number } | undefined {
  const first = bytes[0];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (length > 8 || bytes.length < length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let unknown = value === 0xff >> length;
  for (let i = 1; i < length; i += 1) {
    const byte = bytes[i] ?? 0;
    value = value * 256 + byte;
    if (byte !== 0xff) unknown = false;
  }
  return { value: !keepMarker && unknown ? Infinity : value, length };
}

async function elementsIn(file: FileHandle, from: number, to: number): Promise<Element[]> {
  const elements: Element[] = [];
  let at = from;
  while (at < to && elements.length < 10_000) {
    const head = await readAt(file, at, 12);
    const id = vint(head, true);
    const size = id && vint(head.subarray(id.length), false);
    if (!id || !size) break;
    const start = at + id.length + size.length;
    const end = size.value === Infinity ? to : start + size.value;
    elements.push({ id: id.value, start, end: Math.min(end, to) });
    // Clusters hold the pictures: everything needed sits before the first one.
    if (id.value === CLUSTER || end === to) break;
    at = end;
  }
  return elements;
}

async function uintOf(file: FileHandle, element: Element): Promise<number> {
  if (element.end - element.start > 8) throw new VideoProbeError(NOT_A_VIDEO);
  const bytes = await readAt(file, element.start, element.end - element.start);
  return bytes.reduce((value, byte) => value * 256 + byte, 0);
}

async function webmFacts(file: FileHandle, size: number): Promise<VideoFacts> {
  const [header, ...rest] = await elementsIn(file, 0, size);
  if (header?.id !== EBML_HEADER) throw new VideoProbeError(NOT_A_VIDEO);
  const docType = (await elementsIn(file, header.start, header.end)).find((e) => e.id === DOC_TYPE);
  if (docType && docType.end - docType.start > 16) throw new VideoProbeError(NOT_A_VIDEO);
  const name = docType && (await readExactly(file, docType.start, docType.end - docType.start));
  if (name?.toString('latin1').replace(/\0+$/, '') !== 'webm')
    throw new VideoProbeError(NOT_A_VIDEO);
  const segment = rest.find((e) => e.id === SEGMENT);
  if (!segment) throw new VideoProbeError(NOT_A_VIDEO);
  const parts = await elementsIn(file, segment.start, segment.end);

  const info = parts.find((e) => e.id === INFO);
  const infoParts = info ? await elementsIn(file, info.start, info.end) : [];
  const scaleElement = infoParts.find((e) => e.id === TIMESTAMP_SCALE);
  const scale = scaleElement ? await uintOf(file, scaleElement) : 1_000_000;
  const durationElement = infoParts.find((e) => e.id === DURATION);
  if (!durationElement) throw new VideoProbeError(NO_DURATION);
  const raw = await readAt(
    file,
    durationElement.start,
    durationElement.end - durationElement.start,
  );
  const ticks = raw.length === 4 ? raw.readFloatBE(0) : raw.length === 8 ? raw.readDoubleBE(0) : 0;
  if (!(ticks > 0) || !(scale > 0)) throw new VideoProbeError(NO_DURATION);

  const tracks = parts.find((e) => e.id === TRACKS);
  let hasPicture = false;
  for (const entry of tracks ? await elementsIn(file, tracks.start, tracks.end) : []) {
    if (entry.id !== TRACK_ENTRY) continue;
    const type = (await elementsIn(file, entry.start, entry.end)).find((e) => e.id === TRACK_TYPE);
    if (type && (await uintOf(file, type)) === VIDEO_TRACK) hasPicture = true;
  }
  if (!hasPicture) throw new VideoProbeError(NO_PICTURE);
  return { format: 'webm', durationSeconds: checkedDuration((ticks * scale) / 1e9) };
}

/** The format and length of the video in `file`, or a VideoProbeError saying why it is not one. */
export async function probeVideo(file: FileHandle): Promise<VideoFacts> {
  const { size } = await file.stat();
  const head = await readAt(file, 0, 12);
  if (head.length >= 8 && head.toString('latin1', 4, 8) === 'ftyp') return mp4Facts(file, size);
  if (head.length >= 4 && head.readUInt32BE(0) === EBML_HEADER) return webmFacts(file, size);
  throw new VideoProbeError(NOT_A_VIDEO);
}
