// The public catalogue and texts, held in memory by every instance and dropped by every instance when a
// table behind them changes (README.md). The API's public routes and the server-rendered pages read
// through the same object, so both show one version of the school's content.
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  additionalProgramsResponse,
  ageGroupsResponse,
  giftsResponse,
  regionsResponse,
  subscriptionsResponse,
} from '@contract/api/catalog';
import {
  instructionsResponse,
  landingResponse,
  pageResponse,
  type LandingKey,
} from '@contract/api/content';
import type { LessonType } from '@contract/api/lessons';
import { programOutlineResponse } from '@contract/api/program-outline';
import type { Database } from '../../db/client';
import { listenForNotifications, type NotificationListener } from '../../db/notifications';
import type { Clock } from '../../deps';
import type { MediaStore } from '../../integrations/storage/store';
import {
  listAdditionalPrograms,
  listAgeGroups,
  listGifts,
  listRegions,
  listSubscriptions,
} from '../catalog/service';
import { getLanding, getPage, listInstructions } from '../content/service';
import { programOutline, signingMoment } from '../program-outline/service';
import { createCacheStore, type Cached } from './store';

export type { Cached, Encoding } from './store';

/** The channel the tables' triggers notify on (migration 0011_public_data_notify). */
export const PUBLIC_DATA_CHANNEL = 'public_data';
/** How long an answer is kept while every change is heard: a safety net, not the mechanism. */
export const SAFETY_TTL_MS = 30_000;
/** How long while changes might go unheard (the listening connection is down or not up yet). */
export const UNSURE_TTL_MS = 1_000;
const MAX_ENTRIES = 500;
const MAX_URL_LENGTH = 256;

type Body<S extends z.ZodType> = z.output<S>;

export interface PublicCache {
  landingData(key?: LandingKey): Promise<Cached<Body<typeof landingResponse>>>;
  page(slug: string): Promise<Cached<Body<typeof pageResponse>>>;
  instructions(): Promise<Cached<Body<typeof instructionsResponse>>>;
  regions(): Promise<Cached<Body<typeof regionsResponse>>>;
  ageGroups(): Promise<Cached<Body<typeof ageGroupsResponse>>>;
  subscriptions(page?: number): Promise<Cached<Body<typeof subscriptionsResponse>>>;
  gifts(page?: number): Promise<Cached<Body<typeof giftsResponse>>>;
  additionalPrograms(): Promise<Cached<Body<typeof additionalProgramsResponse>>>;
  programOutline(
    type: LessonType,
    program: string,
  ): Promise<Cached<Body<typeof programOutlineResponse>>>;
  /**
   * Catalogue facts other reads need (a program's weeks and lessons for a family's lessons page and
   * progress, the additional programs' lesson counts), kept and dropped with the rest. `key` must name everything `load` depends on.
   */
  catalogue: <T>(key: string, load: () => Promise<T>) => Promise<T>;
  /**
   * Remembers that a GET of exactly `url` was answered from the entry under `key`, so the repeat path
   * (repeat-path.ts) can answer that URL again without the framework while the entry is current.
   */
  rememberUrl(url: string, key: string, cacheControl: string): void;
  /** What a GET of exactly `url` was answered with, while that entry is still current. */
  answerForUrl(url: string): RememberedAnswer | undefined;
  /** Drops every answer of this instance (the trigger's NOTIFY does it for all instances). */
  invalidate(reason: string): void;
  /**
   * Calls `listener` whenever the cache is dropped, so what is made from it (rendered pages) can be
   * dropped at the same moment. Returns the unsubscribe.
   */
  onInvalidate(listener: () => void): () => void;
  /** Whether changes made elsewhere are being heard right now. */
  readonly listening: boolean;
  close(): Promise<void>;
}

export interface RememberedAnswer {
  cached: Cached<unknown>;
  cacheControl: string;
}

export interface PublicCacheDeps {
  db: Database;
  clock: Clock;
  media: MediaStore;
  logger?: FastifyBaseLogger;
}

/** The same bytes the route's response schema would produce, so a cached answer equals a fresh one. */
function serializerOf<S extends z.ZodType>(schema: S): (body: Body<S>) => string {
  return (body) => JSON.stringify(schema.encode(body));
}

export function createPublicCache(deps: PublicCacheDeps): PublicCache {
  const { db, clock, media, logger } = deps;
  const store = createCacheStore({ maxEntries: MAX_ENTRIES });
  /** Exact URL → the key and policy its answer came with (the query is part of the URL: bounded). */
  const urls = new Map<string, { key: string; cacheControl: string }>();
  let listening = false;

  const listeners = new Set<() => void>();
  const invalidate = (reason: string) => {
    store.clear();
    urls.clear();
    logger?.debug({ reason }, 'public cache dropped');
    for (const listener of listeners) {
      try {
        listener();
      } catch (error) {
        logger?.error({ err: error }, 'public cache: a listener failed');
      }
    }
  };

  const listener: NotificationListener | null = listenForNotifications(db, PUBLIC_DATA_CHANNEL, {
    onNotify: (table) => invalidate(`${table} changed`),
    onListening: () => {
      listening = true;
      // Whatever changed while nobody listened is unknown: start afresh.
      invalidate('listening');
    },
    onLost: (error) => {
      listening = false;
      invalidate('listening lost');
      logger?.warn({ err: error }, 'public cache: lost the database notifications, reconnecting');
    },
  });

  function read<S extends z.ZodType>(
    key: string,
    schema: S,
    load: () => Promise<Body<S>>,
  ): Promise<Cached<Body<S>>> {
    return store.get(key, load, serializerOf(schema), listening ? SAFETY_TTL_MS : UNSURE_TTL_MS);
  }

  return {
    landingData: (key = 'landing') =>
      read(`landing:${key}`, landingResponse, async () => ({
        data: await getLanding({ db, key }),
      })),
    page: (slug) =>
      read(`page:${slug}`, pageResponse, async () => ({ data: await getPage({ db, slug }) })),
    instructions: () =>
      read('instructions', instructionsResponse, async () => ({
        data: await listInstructions({ db }),
      })),
    regions: () =>
      read('regions', regionsResponse, async () => ({ data: await listRegions({ db }) })),
    ageGroups: () =>
      read('age-groups', ageGroupsResponse, async () => ({ data: await listAgeGroups({ db }) })),
    subscriptions: (page = 1) =>
      read(`subscriptions:${page}`, subscriptionsResponse, () => listSubscriptions({ db, page })),
    gifts: (page = 1) => read(`gifts:${page}`, giftsResponse, () => listGifts({ db, page })),
    additionalPrograms: () =>
      read('additional-programs', additionalProgramsResponse, async () => ({
        data: await listAdditionalPrograms({ db }),
      })),
    programOutline: (type, program) => {
      // Its media links are signed per window: an answer belongs to one window.
      const now = clock();
      const window = signingMoment(now).getTime();
      return read(`outline:${type}:${program}:${window}`, programOutlineResponse, async () => ({
        data: await programOutline({ db, media, now, type, program }),
      }));
    },
    rememberUrl(url, key, cacheControl) {
      // A long URL is a made-up one (the routes' own are short): let it take the route each time.
      if (url.length > MAX_URL_LENGTH || urls.has(url)) return;
      if (urls.size >= MAX_ENTRIES) {
        const oldest = urls.keys().next();
        if (!oldest.done) urls.delete(oldest.value);
      }
      urls.set(url, { key, cacheControl });
    },
    answerForUrl(url) {
      const known = urls.get(url);
      if (!known) return undefined;
      const cached = store.answer(known.key);
      return cached ? { cached, cacheControl: known.cacheControl } : undefined;
    },
    catalogue: (key, load) => store.value(key, load, listening ? SAFETY_TTL_MS : UNSURE_TTL_MS),
    invalidate,
    onInvalidate: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get listening() {
      return listening;
    },
    close: async () => {
      await listener?.close();
      store.clear();
      urls.clear();
    },
  };
}
