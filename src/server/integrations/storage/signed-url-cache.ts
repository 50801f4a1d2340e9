// A lessons page signs a URL for every poster, video, subtitles and task it shows, on every request: an
// HMAC each with the local store, a SigV4 with S3. Signing from the start of the current minute instead of
// from "now", with the lifetime lengthened by that minute, makes every request of one minute get the same
// URL for a file — signed once per minute, and the same address for the browser's cache of posters. No URL
// lives less than asked, nor more than a minute longer.
import type { MediaStore } from './store';

export const SIGNING_STEP_SECONDS = 60;

type Sign = MediaStore['signedUrl'];

export function cachedSigner(sign: Sign): Sign {
  let latest = Number.NEGATIVE_INFINITY;
  let made = new Map<string, Promise<string>>();
  return (key, ttlSeconds, now) => {
    const step = Math.floor(now.getTime() / 1000 / SIGNING_STEP_SECONDS);
    const from = new Date(step * SIGNING_STEP_SECONDS * 1000);
    // A caller signing from an earlier moment (the program outline signs from the start of its own
    // window) is served as asked, without dropping what this minute has signed.
    if (step < latest) return sign(key, ttlSeconds + SIGNING_STEP_SECONDS, from);
    // Only the latest minute is kept: the map holds at most the files signed within one minute.
    if (step > latest) {
      latest = step;
      made = new Map();
    }
    const id = `${ttlSeconds}\n${key}`;
    let url = made.get(id);
    if (url === undefined) {
      url = sign(key, ttlSeconds + SIGNING_STEP_SECONDS, from);
      made.set(id, url);
      const cache = made;
      // A failed signing is not kept: the next request tries again.
      url.catch(() => cache.delete(id));
    }
    return url;
  };
}

/** The store with its signing cached per minute; everything else as it was. */
export function withCachedSigning<S extends MediaStore>(store: S): S {
  return { ...store, signedUrl: cachedSigner(store.signedUrl) };
}
