import { useMatches } from 'react-router';
import { DEFAULT_PAGE_TITLE } from '@contract/constants';

/** What a route tells the shell about itself (the `handle` of a route). */
export interface RouteMeta {
  /** Page title; the document title becomes «{title} — Школа Умняшек». */
  title?: string;
  /** The page's summary for search engines and link previews (server-rendered pages). */
  description?: string;
  /** Hide the footer's gift block on this route. */
  noGift?: boolean;
}

export function metaOf(handle: unknown): RouteMeta {
  return typeof handle === 'object' && handle !== null ? (handle as RouteMeta) : {};
}

/** The meta of the current route: the deepest match wins for each field. */
export function useRouteMeta(): RouteMeta {
  const matches = useMatches();
  const meta: RouteMeta = {};
  for (const match of matches) {
    const own = metaOf(match.handle);
    if (own.title !== undefined) meta.title = own.title;
    if (own.noGift !== undefined) meta.noGift = own.noGift;
  }
  return meta;
}

export function documentTitle(title: string | undefined): string {
  return title ? `${title} — ${DEFAULT_PAGE_TITLE}` : DEFAULT_PAGE_TITLE;
}
