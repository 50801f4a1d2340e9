// The files of a video's HLS ladder in the media store, found through its own playlists: the master names
// the renditions' playlists and each of those its segments — all a ladder's folder ever holds
// (transcode-job.ts publishes nothing else). Read this way, removal works the same on a folder and on a
// bucket, which has no folders to list.
import type { MediaStore } from '../../integrations/storage/store';

const MASTER = 'master.m3u8';
/** A file of the ladder's own folder: never a path elsewhere, whatever a playlist says. */
const OWN_FILE = /^[\w-][\w.-]*$/;

function namesIn(playlist: Buffer): string[] {
  return playlist
    .toString('utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#') && OWN_FILE.test(line));
}

/** The ladder's keys, the master last: a removal stopped half-way still finds the rest next time. */
export async function ladderKeys(media: MediaStore, folder: string): Promise<string[]> {
  const master = await media.read(`${folder}/${MASTER}`);
  if (!master) return [];
  const keys: string[] = [];
  for (const playlist of namesIn(master)) {
    const rendition = await media.read(`${folder}/${playlist}`);
    if (rendition) keys.push(...namesIn(rendition).map((segment) => `${folder}/${segment}`));
    keys.push(`${folder}/${playlist}`);
  }
  keys.push(`${folder}/${MASTER}`);
  return keys;
}

/** Removes a ladder's files from the store; returns how many there were. */
export async function removeLadder(media: MediaStore, folder: string): Promise<number> {
  const keys = await ladderKeys(media, folder);
  for (const key of keys) await media.remove(key);
  return keys.length;
}
