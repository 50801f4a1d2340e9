// What other domains may use of this one (its public face); everything else is its own.
export { REPEATABLE, sendCached } from './http';
export { buildPublicCache, type PublicCache, type PublicCacheDeps } from './public-cache';
