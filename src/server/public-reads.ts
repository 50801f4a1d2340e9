// Where the public cache meets the domains whose data it holds: the cache (modules/public-cache) sits below
// them, and the app hands it their loaders here, at the top, so neither side imports the other's internals.
import type { MediaStore } from './integrations/storage/store';
import {
  listAdditionalPrograms,
  listAgeGroups,
  listGifts,
  listRegions,
  listSubscriptions,
} from './modules/catalog';
import { getLanding, getPage, listInstructions } from './modules/content';
import { programOutline, signingMoment } from './modules/program-outline';
import { buildPublicCache, type PublicCache, type PublicCacheDeps } from './modules/public-cache';

export function createPublicCache(deps: PublicCacheDeps & { media: MediaStore }): PublicCache {
  const { db, media } = deps;
  return buildPublicCache(deps, {
    landingData: async (key) => ({ data: await getLanding({ db, key }) }),
    page: async (slug) => ({ data: await getPage({ db, slug }) }),
    instructions: async () => ({ data: await listInstructions({ db }) }),
    regions: async () => ({ data: await listRegions({ db }) }),
    ageGroups: async () => ({ data: await listAgeGroups({ db }) }),
    subscriptions: (page) => listSubscriptions({ db, page }),
    gifts: (page) => listGifts({ db, page }),
    additionalPrograms: async () => ({ data: await listAdditionalPrograms({ db }) }),
    programOutline: async (type, program, now) => ({
      data: await programOutline({ db, media, now, type, program }),
    }),
    outlineWindow: (now) => signingMoment(now).getTime(),
  });
}
