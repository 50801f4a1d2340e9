import { DEFAULT_PAGE_TITLE } from '@contract/constants';
import type { PageHead } from '@contract/ssr';
import { documentTitle, metaOf } from '../lib/route-meta';

export const DEFAULT_DESCRIPTION =
  'Школа Умняшек — онлайн-школа для детей от 2 до 7 лет: короткие видеоуроки, программы по возрастам и подписка для всей семьи.';

interface Matched {
  route: { id: string; handle?: unknown };
  params: Record<string, string | undefined>;
}

export function pageHead(matches: readonly Matched[], url: URL): PageHead {
  let title: string | undefined;
  let description = DEFAULT_DESCRIPTION;
  for (const match of matches) {
    const meta = metaOf(match.route.handle);
    if (meta.title !== undefined) title = meta.title;
    if (meta.description !== undefined) description = meta.description;
  }
  const leaf = matches.at(-1);
  const notFound = leaf?.route.id === 'not-found-error';
  const onModal = leaf?.route.id === 'index' && leaf.params.modal !== undefined;
  return {
    title: title ? documentTitle(title) : DEFAULT_PAGE_TITLE,
    description,
    canonicalPath: notFound ? null : onModal ? '/' : url.pathname,
    noindex: notFound || onModal,
    notFound,
  };
}
