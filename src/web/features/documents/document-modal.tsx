import { PAGE_SLUGS } from '@contract/api/content';
import { ModalShell } from '../../components/modal/modal-shell';
import { closeModal } from '../../components/modal/modal-store';
import { usePage } from '../../api/content';
import { Button } from '../../components/ui/button';
import { ErrorState } from '../../components/ui/error-state';
import { Skeleton } from '../../components/ui/skeleton';
import styles from '../../components/modal/legal-document.module.scss';

interface DocumentModalProps {
  slug: string;
  fallbackTitle: string;
}

/** A legal document read in place (from a form's consent checkbox) without leaving the page. */
function DocumentModal({ slug, fallbackTitle }: DocumentModalProps) {
  const { data, isPending, isError, refetch, isRefetching } = usePage(slug);
  return (
    <ModalShell title={data?.title ?? fallbackTitle} size="lg">
      {isPending && (
        <div aria-busy="true">
          <Skeleton lines={8} />
        </div>
      )}
      {isError && <ErrorState onRetry={() => void refetch()} retrying={isRefetching} />}
      {data && (
        // Sanitised on the server (docs/ARCHITECTURE.md content calls).
        <div className={styles.document} dangerouslySetInnerHTML={{ __html: data.body_html }} />
      )}
      <Button variant="secondary" onClick={closeModal}>
        Закрыть
      </Button>
    </ModalShell>
  );
}

export function LicenseModal() {
  return <DocumentModal slug={PAGE_SLUGS.license} fallbackTitle="Лицензионное соглашение" />;
}

export function PrivacyModal() {
  return <DocumentModal slug={PAGE_SLUGS.privacy} fallbackTitle="Политика конфиденциальности" />;
}
