// The playlists a viewer gets, made from the ladder's stored ones per request: the master gains the
// lesson's Russian subtitles as a subtitles group, a rendition's segments become signed links, and the
// subtitles get a one-segment playlist and the timestamp map that lays their cues on the video's clock.

export const SUBTITLES_PLAYLIST = 'subtitles.m3u8';
export const SUBTITLES_FILE = 'subtitles.vtt';
const GROUP = 'subs';

/** The master with the subtitles group: each variant names it, the group names the subtitles playlist. */
export function masterWithSubtitles(master: string): string {
  const media = `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${GROUP}",NAME="Русские",LANGUAGE="ru",DEFAULT=YES,AUTOSELECT=YES,FORCED=NO,URI="${SUBTITLES_PLAYLIST}"`;
  const lines = master.split(/\r?\n/);
  const out: string[] = [];
  for (const line of lines) {
    if (line.startsWith('#EXT-X-STREAM-INF:')) {
      if (!out.includes(media)) out.push(media);
      out.push(`${line},SUBTITLES="${GROUP}"`);
    } else {
      out.push(line);
    }
  }
  return out.join('\n');
}

/** The rendition playlist with each segment's URI replaced by `sign(name)`; tags and comments kept. */
export async function signedRendition(
  playlist: string,
  sign: (segment: string) => Promise<string>,
): Promise<string> {
  const lines = playlist.split(/\r?\n/);
  const out: string[] = [];
  for (const line of lines) {
    const uri = line.trim();
    if (uri === '' || uri.startsWith('#')) {
      out.push(line);
      continue;
    }
    // Only our own segment names: a playlist that named anything else would not be ours.
    if (!/^[a-z0-9_]+\.ts$/.test(uri))
      throw new Error(`unexpected segment URI in a ladder: ${uri}`);
    out.push(await sign(uri));
  }
  return out.join('\n');
}

/** The subtitles as one segment as long as the video. */
export function subtitlesPlaylist(durationSeconds: number): string {
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(durationSeconds)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${durationSeconds.toFixed(3)},`,
    SUBTITLES_FILE,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

/**
 * The lesson's WebVTT with X-TIMESTAMP-MAP: MPEG-TS starts its clock at `startTicks` (1.4 s in ffmpeg's
 * segments), and the map tells the player that the cues' 00:00 is that moment. A map already there stays.
 */
export function subtitlesWithTimestampMap(vtt: string, startTicks: number): string {
  const text = vtt.replace(/^\uFEFF/, '');
  if (text.includes('X-TIMESTAMP-MAP')) return text;
  const newline = text.indexOf('\n');
  const header = newline === -1 ? text : text.slice(0, newline).replace(/\r$/, '');
  const rest = newline === -1 ? '' : text.slice(newline + 1);
  return `${header}\nX-TIMESTAMP-MAP=MPEGTS:${startTicks},LOCAL:00:00:00.000\n${rest}`;
}
