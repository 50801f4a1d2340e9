// How the server recognises a lesson file by its bytes — the name and the browser's stated type are the
// editor's computer's guess, not a check. The kinds and their limits are the contract's (media-uploads).

export class UploadCheckError extends Error {}

const SRT_TIME = /(\d{1,2}:\d{2}:\d{2}),(\d{3})/g;

/**
 * Subtitles as the player takes them (WebVTT, UTF-8). SubRip, which most editors export, is turned into
 * WebVTT: the same cues with a header and a dot before the milliseconds.
 */
export function subtitlesAsVtt(bytes: Buffer, extension: string): Buffer {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UploadCheckError('Субтитры должны быть в кодировке UTF-8 — сохраните файл заново');
  }
  text = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (/^WEBVTT(?:[ \t\n]|$)/.test(text)) return Buffer.from(text, 'utf8');
  if (extension === 'srt' && /\d{1,2}:\d{2}:\d{2},\d{3} --> \d{1,2}:\d{2}:\d{2},\d{3}/.test(text)) {
    return Buffer.from(`WEBVTT\n\n${text.replace(SRT_TIME, '$1.$2')}`, 'utf8');
  }
  throw new UploadCheckError('Это не субтитры: файл WebVTT начинается со строки «WEBVTT»');
}

const IMAGE_SIGNATURES: { ext: string; type: string; test: (b: Buffer) => boolean }[] = [
  { ext: 'jpg', type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: 'png',
    type: 'image/png',
    test: (b) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    ext: 'webp',
    type: 'image/webp',
    test: (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  },
];

/** The picture's real type by its first bytes. */
export function imageType(head: Buffer): { ext: string; type: string } {
  const found = IMAGE_SIGNATURES.find((signature) => signature.test(head));
  if (!found) throw new UploadCheckError('Это не картинка JPEG, PNG или WebP');
  return { ext: found.ext, type: found.type };
}
