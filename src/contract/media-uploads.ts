// The kinds of file a lesson takes and their limits: the back office checks them before a byte is sent,
// the server checks them again (and the bytes themselves) whatever the browser said.

export const UPLOAD_KINDS = ['video', 'subtitles', 'poster'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

const MB = 1024 * 1024;

/** Largest file per kind: a lesson video of an hour in good quality fits; a mistake of 20 GB does not. */
export const MAX_UPLOAD_BYTES: Record<UploadKind, number> = {
  video: 2048 * MB,
  subtitles: 1 * MB,
  poster: 10 * MB,
};

/** The name endings the form offers; the bytes are checked again once the file is whole. */
export const UPLOAD_EXTENSIONS: Record<UploadKind, readonly string[]> = {
  video: ['mp4', 'm4v', 'mov', 'webm'],
  subtitles: ['vtt', 'srt'],
  poster: ['jpg', 'jpeg', 'png', 'webp'],
};

export const KIND_TITLES: Record<UploadKind, string> = {
  video: 'видео в формате MP4 или WebM',
  subtitles: 'субтитры WebVTT (.vtt) или SubRip (.srt)',
  poster: 'картинка JPEG, PNG или WebP',
};

export const isUploadKind = (value: unknown): value is UploadKind =>
  typeof value === 'string' && (UPLOAD_KINDS as readonly string[]).includes(value);

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** "2 ГБ", "12,5 МБ", "240 КБ": a size as the editor reads it. */
export function formatBytes(bytes: number): string {
  if (bytes <= 0) return '0\u00a0КБ';
  const units: [number, string][] = [
    [1024 * MB, 'ГБ'],
    [MB, 'МБ'],
    [1024, 'КБ'],
  ];
  const [size, unit] = units.find(([step]) => bytes >= step) ?? [1024, 'КБ'];
  const value = bytes / size;
  const shown = unit === 'КБ' ? Math.max(1, Math.round(value)) : value;
  return `${shown.toLocaleString('ru-RU', { maximumFractionDigits: 1 })}\u00a0${unit}`;
}

/** Why a file cannot be sent at all, or null when it may go. */
export function uploadRefusal(kind: UploadKind, name: string, size: number): string | null {
  if (!UPLOAD_EXTENSIONS[kind].includes(extensionOf(name)))
    return `Нужен файл: ${KIND_TITLES[kind]}`;
  if (size === 0) return 'Файл пустой';
  if (size > MAX_UPLOAD_BYTES[kind]) return `Файл больше ${formatBytes(MAX_UPLOAD_BYTES[kind])}`;
  return null;
}
