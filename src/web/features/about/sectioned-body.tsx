import { useMemo, type ReactNode } from 'react';
import type { Page } from '@contract/api/content';
import { usePage } from '../../api/content';
import { ContentBody } from '../../components/ui/content-body';
import { splitByHeading, type SplitHtml } from './html-sections';
import { RichText } from './rich-text';

export interface SectionedBodyProps {
  slug: string;
  heading: 'h2' | 'h3';
  /** Renders the split page; a page without such headings is shown as plain text. */
  render: (split: SplitHtml, page: Page) => ReactNode;
}

/** An about page whose sections (people, jobs) are shown as cards. */
export function SectionedBody({ slug, heading, render }: SectionedBodyProps) {
  const { data: page, isError, refetch, isRefetching } = usePage(slug);
  const split = useMemo(
    () => (page ? splitByHeading(page.body_html, heading) : null),
    [page, heading],
  );
  if (page && split) {
    if (split.sections.length > 0) return <>{render(split, page)}</>;
    return <RichText nodes={split.intro} />;
  }
  // Loading and failure; the loaded page is always drawn above, from nodes.
  return (
    <ContentBody
      page={undefined}
      isError={isError}
      onRetry={() => void refetch()}
      retrying={isRefetching}
    />
  );
}
