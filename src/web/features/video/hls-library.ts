// hls.js, the adaptive stream's player library: its own chunk, fetched with the player's code while the
// parent looks at the lessons, so the first tap waits for neither. No player code here: the lesson list
// imports this without pulling the player in.

/** hls.js's light build: no subtitles, alternate audio or DRM — the page shows its own subtitles track. */
export const loadHls = () => import('hls.js/light');

/**
 * Whether the player will use hls.js: as Vidstack decides, wherever MediaSource plays H.264 + AAC. A
 * browser without it (an iPhone before iOS 17.1) plays HLS by itself and never asks for the library.
 */
export function hlsLibraryNeeded(): boolean {
  const managed = (window as { ManagedMediaSource?: typeof MediaSource }).ManagedMediaSource;
  const source = managed ?? window.MediaSource;
  return source?.isTypeSupported('video/mp4; codecs="avc1.42E01E,mp4a.40.2"') === true;
}
