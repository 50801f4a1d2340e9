import { Button } from '../../components/ui/button';
import { useStartTrial } from './use-start-trial';
import styles from './video-page.module.scss';

/**
 * The family's player is locked (no subscription): the first lesson of each program is still open, and
 * a family that never had one can start the free week right here.
 */
export function TrialBanner({ canStartTrial }: { canStartTrial: boolean }) {
  const { start: start, starting, problem } = useStartTrial();
  return (
    <div className={styles.banner}>
      <p className={styles.bannerText}>
        Сейчас открыт первый урок каждой программы. Остальные уроки откроются с подпиской
        {canStartTrial ? ' — начните с бесплатной недели, без карты.' : '.'}
      </p>
      {canStartTrial && (
        <Button variant="accent" onClick={start} loading={starting}>
          Начать бесплатную неделю
        </Button>
      )}
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
