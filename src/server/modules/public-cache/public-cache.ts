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
import type { Clock } from '../../shared/clock';
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
   * (repeat-path.ts) can answer that URL again without the route while the entry is current.
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
  logger?: FastifyBaseLogger;
}

/**
 * How each answer is loaded when it is not held. The domains that own the data hand these in where the app
 * is assembled (src/server/public-reads.ts): the cache sits below them and knows none of their services.
 */
export interface PublicLoaders {
  landingData(key: LandingKey): Promise<Body<typeof landingResponse>>;
  page(slug: string): Promise<Body<typeof pageResponse>>;
  instructions(): Promise<Body<typeof instructionsResponse>>;
  regions(): Promise<Body<typeof regionsResponse>>;
  ageGroups(): Promise<Body<typeof ageGroupsResponse>>;
  subscriptions(page: number): Promise<Body<typeof subscriptionsResponse>>;
  gifts(page: number): Promise<Body<typeof giftsResponse>>;
  additionalPrograms(): Promise<Body<typeof additionalProgramsResponse>>;
  programOutline(
    type: LessonType,
    program: string,
    now: Date,
  ): Promise<Body<typeof programOutlineResponse>>;
  /** The outline's media links are signed per window: answers made in one window are the same. */
  outlineWindow(now: Date): number;
}

/** The same bytes the route's response schema would produce, so a cached answer equals a fresh one. */
function serializerOf<S extends z.ZodType>(schema: S): (body: Body<S>) => string {
  return (body) => JSON.stringify(schema.encode(body));
}

export function buildPublicCache(deps: PublicCacheDeps, loaders: PublicLoaders): PublicCache {
  const { db, clock, logger } = deps;
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
      read(`landing:${key}`, landingResponse, () => loaders.landingData(key)),
    page: (slug) => read(`page:${slug}`, pageResponse, () => loaders.page(slug)),
    instructions: () => read('instructions', instructionsResponse, () => loaders.instructions()),
    regions: () => read('regions', regionsResponse, () => loaders.regions()),
    ageGroups: () => read('age-groups', ageGroupsResponse, () => loaders.ageGroups()),
    subscriptions: (page = 1) =>
      read(`subscriptions:${page}`, subscriptionsResponse, () => loaders.subscriptions(page)),
    gifts: (page = 1) => read(`gifts:${page}`, giftsResponse, () => loaders.gifts(page)),
    additionalPrograms: () =>
      read('additional-programs', additionalProgramsResponse, () => loaders.additionalPrograms()),
    programOutline: (type, program) => {
      const now = clock();
      return read(
        `outline:${type}:${program}:${loaders.outlineWindow(now)}`,
        programOutlineResponse,
        () => loaders.programOutline(type, program, now),
      );
    },
    rememberUrl(url, key, cacheControl) {
      // A long URL is a made-up one (the routes' own are short): let it take the route each time.
      if (url.length > MAX_URL_LENGTH || urls.has(url)) return;
      if (urls.size >= MAX_ENTRIES) {
        // Room is made only from a URL whose answer is no longer current: URLs still answering stay,
        // however many others come, and the newcomer then simply takes the route.
        const stale = [...urls].find(([, remembered]) => !store.answer(remembered.key));
        if (!stale) return;
        urls.delete(stale[0]);
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
