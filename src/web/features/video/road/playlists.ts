// A rendition's playlist as the school serves it (every segment a signed link) and as the app keeps it
// (every segment a file of the kept lessons' cache, named by its place). Tags are kept as they are, so
// hls.js plays the kept one as it played the streamed one.

/** The segments' absolute addresses, in order, resolved against the playlist's own address. */
export function segmentsOf(playlist: string, playlistUrl: string): string[] {
  return playlist
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((uri) => new URL(uri, playlistUrl).href);
}

/** The same playlist naming its segments by `name(index)` (relative to where the kept playlist lies). */
export function keptPlaylist(playlist: string, name: (index: number) => string): string {
  let index = 0;
  return playlist
    .split(/\r?\n/)
    .map((line) => {
      const trimmed = line.trim();
      if (trimmed === '' || trimmed.startsWith('#')) return line;
      const kept = name(index);
      index += 1;
      return kept;
    })
    .join('\n');
}
