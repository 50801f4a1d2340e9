import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../api/interceptors';
import styles from './video-modals.module.scss';

interface SaveFooterProps {
  /** The child's update as the grown-up's settings send it. */
  update: { isError: boolean; error: unknown; isPending: boolean };
}

/** The end of a grown-up's settings form on /video: what the server refused, and «Сохранить». */
export function SaveFooter({ update }: SaveFooterProps) {
  return (
    <>
      {update.isError && (
        <p className={styles.error} role="alert">
          {errorMessage(update.error)}
        </p>
      )}
      <Button type="submit" block size="lg" loading={update.isPending}>
        Сохранить
      </Button>
    </>
  );
}
