import type { ReactNode } from 'react';
import type { Child } from '@contract/api/auth';
import type { LessonItem } from '@contract/api/lessons';
import { pathTo } from '../../lib/routes';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { openModal } from '../../components/modal/modal-store';
import { useSession } from '../../api/session';
import { useStartTrial } from './use-start-trial';
import { withGrownUp } from './grown-up';
import { useEndHoliday } from './holiday';
import styles from './video-page.module.scss';

interface LockActionsProps {
  lesson: LessonItem;
  child: Child;
  /** The family never had a subscription: the trial can be started here. */
  canStartTrial: boolean;
  onChooseChild: () => void;
  /** The additional program shown (its slug), for buying it where a lesson of it is closed. */
  programSlug?: string;
}

/** A closed lesson: the server's reason in its words, and what the parent can do about it. */
export function LockActions({
  lesson,
  child,
  canStartTrial,
  onChooseChild,
  programSlug,
}: LockActionsProps) {
  const { start: trial, starting, problem: trialProblem } = useStartTrial();
  const caregiver = useSession().profile?.family_role === 'caregiver';
  const holiday = useEndHoliday();
  const problem = trialProblem ?? holiday.problem;

  let action: ReactNode = null;
  // A caregiver buys nothing and changes no subscription (docs/PRODUCT.md «Grown-ups of a family»).
  const ownerDecides: readonly string[] = [
    'no_subscription',
    'paused',
    'no_seat',
    'program_not_bought',
  ];
  const askOwner =
    caregiver &&
    (ownerDecides.includes(lesson.lock_reason ?? '') ||
      (lesson.lock_reason === 'week_not_open' && child.study_mode !== 'schedule'));
  switch (askOwner ? 'ask_owner' : lesson.lock_reason) {
    case 'ask_owner':
      action = (
        <p className={styles.lockHint}>
          Открыть урок может родитель, который оплачивает занятия: попросите его об этом.
        </p>
      );
      break;
    case 'no_subscription':
      action = canStartTrial ? (
        <Button size="lg" variant="accent" onClick={trial} loading={starting}>
          Начать бесплатную неделю
        </Button>
      ) : (
        <ButtonLink size="lg" variant="accent" to={pathTo('tariffs')}>
          Выбрать подписку
        </ButtonLink>
      );
      break;
    case 'paused':
      // The family has its subscription, resting: the lessons come back by themselves, or now.
      action = (
        <Button size="lg" variant="secondary" onClick={holiday.end} loading={holiday.ending}>
          Закончить каникулы
        </Button>
      );
      break;
    case 'week_not_open':
      action =
        child.study_mode === 'schedule' ? (
          <Button
            size="lg"
            variant="secondary"
            onClick={() =>
              withGrownUp('изменить режим занятий', () => openModal('study-mode', { child }))
            }
          >
            Открыть все недели сразу
          </Button>
        ) : (
          <ButtonLink size="lg" variant="secondary" to={pathTo('tariffs')}>
            Продлить подписку
          </ButtonLink>
        );
      break;
    case 'sign_in':
      action = (
        <Button size="lg" onClick={onChooseChild}>
          Выбрать ребёнка
        </Button>
      );
      break;
    case 'no_seat':
      action = (
        <Button
          size="lg"
          variant="accent"
          onClick={() => openModal('add-child-without-subscription')}
        >
          Добавить место
        </Button>
      );
      break;
    case 'program_not_bought':
      action = programSlug ? (
        <Button
          size="lg"
          variant="accent"
          onClick={() => openModal('additional-programs', { slug: programSlug, childId: child.id })}
        >
          Купить программу
        </Button>
      ) : (
        <p className={styles.lockHint}>
          Программу можно купить на странице «Дополнительные программы».
        </p>
      );
      break;
    default:
      action = null;
  }

  return (
    <div className={styles.lockActions}>
      {lesson.lock_message && <p className={styles.lockMessage}>{lesson.lock_message}</p>}
      {action}
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
