// What other domains may use of this one (its public face); everything else is its own.
export { releaseReplacedFiles } from './cleanup';
export {
  BROKEN_VIDEO,
  laddersOf,
  PLAYLIST_TYPE,
  queueMissingLadders,
  queueTranscode,
  TRANSCODE_JOB,
  transcodeJob,
  type LadderRow,
} from './transcode-job';
