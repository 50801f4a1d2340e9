// What other domains may use of this one (its public face); everything else is its own.
export { ownerLabel } from './service';
