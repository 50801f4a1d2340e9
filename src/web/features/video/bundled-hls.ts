// The lesson's adaptive stream (HLS) plays through hls.js from our own bundle — Vidstack would fetch it from
// a public CDN, which the CSP refuses and a school must not depend on. Safari plays HLS by itself and never
// asks for the library. The page's own Russian subtitles track stays the one shown: hls.js is told not to
// add the playlist's subtitles group a second time.
import { isHLSProvider, type MediaProviderAdapter } from '@vidstack/react';

export function bundleHls(provider: MediaProviderAdapter | null): void {
  if (!isHLSProvider(provider)) return;
  provider.library = () => import('hls.js');
  provider.config = { enableWebVTT: false };
}

/** The type Vidstack picks a provider by: HLS for a master playlist, the file's own otherwise. */
export function videoType(url: string): 'application/x-mpegurl' | 'video/webm' | 'video/mp4' {
  const path = new URL(url, window.location.href).pathname;
  if (path.endsWith('.m3u8')) return 'application/x-mpegurl';
  return path.endsWith('.webm') ? 'video/webm' : 'video/mp4';
}
