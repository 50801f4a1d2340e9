import { usePage } from '../../../api/content';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import documentStyles from '../../../components/modal/legal-document.module.scss';
import styles from './account-forms.module.scss';

interface DocumentPanelProps {
  slug: string;
  fallbackTitle: string;
  onBack: () => void;
}

/**
 * A legal document read inside the registration modal: one modal at a time, so opening the document
 * modal would throw away what the parent has typed.
 */
export function DocumentPanel({ slug, fallbackTitle, onBack }: DocumentPanelProps) {
  const { data, isPending, isError, refetch, isRefetching } = usePage(slug);
  return (
    <section className={styles.doc} aria-label={data?.title ?? fallbackTitle}>
      <Button autoFocus variant="ghost" size="sm" className={styles.docBack} onClick={onBack}>
        <span aria-hidden="true">←</span> Вернуться к регистрации
      </Button>
      <h3 className={styles.docTitle}>{data?.title ?? fallbackTitle}</h3>
      {isPending && (
        <div aria-busy="true">
          <Skeleton lines={8} />
        </div>
      )}
      {isError && <ErrorState onRetry={() => void refetch()} retrying={isRefetching} />}
      {data && (
        // Sanitised on the server (docs/ARCHITECTURE.md content calls).
        <div
          className={documentStyles.document}
          dangerouslySetInnerHTML={{ __html: data.body_html }}
        />
      )}
      <Button variant="secondary" block onClick={onBack}>
        Вернуться к регистрации
      </Button>
    </section>
  );
}
