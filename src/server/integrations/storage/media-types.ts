// The media a lesson has and the content type each is served with: a browser's player and <track> refuse
// a video or subtitles sent as application/octet-stream.
const CONTENT_TYPES: Record<string, string> = {
  webm: 'video/webm',
  mp4: 'video/mp4',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  vtt: 'text/vtt; charset=utf-8',
  // HLS segments (MPEG-TS); the playlists are never served as files, only rewritten per viewer.
  ts: 'video/mp2t',
  pdf: 'application/pdf',
};

/** Keys are paths below the store's root: lower-case segments, no `..`, no leading slash. */
const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*\.[a-z0-9]+$/;

export function isMediaKey(key: string): boolean {
  return key.length <= 300 && KEY.test(key) && !key.split('/').includes('..');
}

export function contentTypeOf(key: string): string | undefined {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  return CONTENT_TYPES[ext];
}
