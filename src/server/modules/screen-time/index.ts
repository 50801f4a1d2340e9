// What other domains may use of this one (its public face); everything else is its own.
export { recordWatching } from './service';
export { localDay } from './rules';
