// The lesson's adaptive stream (HLS) plays through hls.js from our own bundle (hls-library.ts) — Vidstack
// would fetch it from a public CDN, which the CSP refuses and a school must not depend on. The page's own
// Russian subtitles track stays the one shown, so hls.js's light build (no subtitles, alternate audio or
// DRM: 370 kB instead of 600) is all the player needs.
import { isHLSProvider, type MediaProviderAdapter } from '@vidstack/react';
import type { HlsConfig } from 'hls.js';
import { loadHls } from './hls-library';

/**
 * hls.js's choices for a child's lesson on a parent's phone:
 * - the ladder's lowest rung first, so the first frame comes from the smallest segment; the player climbs
 *   once it has measured the line;
 * - never a rendition bigger than the player shows on the screen's pixels (a small screen needs no 720p);
 * - 30 s ahead and no more: enough to ride out a tunnel, while hls.js by itself would fetch up to ten
 *   minutes of a low rung at once — a whole lesson at the quality of the first seconds, paid for in the
 *   family's mobile data even if the child leaves after one minute, and no room left to climb.
 */
export const HLS_CONFIG: Partial<HlsConfig> = {
  enableWebVTT: false,
  capLevelToPlayerSize: true,
  startLevel: 0,
  maxBufferLength: 30,
  maxMaxBufferLength: 30,
};

/**
 * Gives Vidstack's HLS provider our hls.js and settings. `resumeAt` (seconds, 0 for the start) is where the
 * child stopped: the stream starts loading there.
 */
export function bundleHls(provider: MediaProviderAdapter | null, resumeAt: number): void {
  if (!isHLSProvider(provider)) return;
  provider.library = loadHls;
  provider.config = resumeAt > 0 ? { ...HLS_CONFIG, startPosition: resumeAt } : HLS_CONFIG;
}

/** The type Vidstack picks a provider by: HLS for a master playlist, the file's own otherwise. */
export function videoType(url: string): 'application/x-mpegurl' | 'video/webm' | 'video/mp4' {
  const path = new URL(url, window.location.href).pathname;
  if (path.endsWith('.m3u8')) return 'application/x-mpegurl';
  return path.endsWith('.webm') ? 'video/webm' : 'video/mp4';
}
