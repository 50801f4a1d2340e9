import { loadChunk } from '../../lib/chunk';
import type * as Sections from './lower-sections';

export type LowerSections = typeof Sections;

let pending: Promise<LowerSections> | null = null;
let loaded: LowerSections | null = null;

/** One request for all lower sections, with the app's chunk timeout and reload-once rule. */
export function loadLowerSections(): Promise<LowerSections> {
  pending ??= loadChunk(() => import('./lower-sections')).then((module) => {
    loaded = module;
    return module;
  });
  return pending;
}

/** The module when it has already arrived: a page shown again renders its sections at once. */
export function loadedLowerSections(): LowerSections | null {
  return loaded;
}
