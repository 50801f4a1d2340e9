import type { Page } from '@contract/api/content';
import { ErrorState } from './error-state';
import { Prose, type ProseProps } from './prose';
import { Skeleton } from './skeleton';
import styles from './content-body.module.scss';

export interface ContentBodyProps {
  page: Page | undefined;
  isError: boolean;
  onRetry: () => void;
  retrying?: boolean;
  variant?: ProseProps['variant'];
  /** Lines of the loading skeleton: about the length of the usual text. */
  skeletonLines?: number;
}

/** The body of an admin-edited page in its three states: loading, failed, loaded. */
export function ContentBody({
  page,
  isError,
  onRetry,
  retrying,
  variant,
  skeletonLines = 8,
}: ContentBodyProps) {
  if (page) return <Prose html={page.body_html} variant={variant} />;
  if (isError) {
    return (
      <ErrorState title="Не удалось загрузить страницу" onRetry={onRetry} retrying={retrying} />
    );
  }
  return (
    <div className={styles.skeleton} role="status" aria-busy="true" aria-label="Загрузка">
      <Skeleton lines={Math.ceil(skeletonLines / 2)} />
      <Skeleton lines={Math.floor(skeletonLines / 2)} />
    </div>
  );
}
