import type { ComponentType } from 'react';
import { loadChunk } from '../lib/chunk';

/**
 * The video page's lazy route: the page with its parental leave guard in a chunk of their own (the player
 * in another), so none of it is in the landing's JavaScript.
 */
export async function videoRoute() {
  const { default: GuardedVideoPage } = await loadChunk<{ default: ComponentType }>(
    () => import('../features/video/guarded-video-page'),
  );
  return { Component: GuardedVideoPage };
}
