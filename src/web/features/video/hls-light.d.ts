// hls.js ships its light build (no subtitles, alternate audio or DRM — the page shows its own subtitles
// track) without a declaration of its own; it is the same player class as the full build.
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
}
