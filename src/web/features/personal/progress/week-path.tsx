import type { CSSProperties } from 'react';
import type { ChildProgress } from '@contract/api/learning';
import type { Child } from '@contract/api/children';
import { LockIcon, StarIcon } from '../../../components/illustrations/icons';
import { avatarOf, ChildAvatar } from '../../../components/illustrations/child-avatar';
import { weekState, WEEK_STATE_LABELS, type WeekState } from './week-state';
import styles from './week-path.module.scss';

interface WeekPathProps {
  child: Child;
  progress: ChildProgress;
}

function NodeMark({ state, number }: { state: WeekState; number: number }) {
  if (state === 'done') return <StarIcon size={26} />;
  if (state === 'ahead') return <LockIcon size={20} />;
  if (state === 'missed') return <span className={styles.missedMark}>!</span>;
  return <span>{number}</span>;
}

/**
 * The program as a board-game path: one stop per week, its ring filled as far as the child watched, the
 * child's picture standing on the current week. Every stop says in words what its colour shows.
 */
export function WeekPath({ child, progress }: WeekPathProps) {
  return (
    <ol className={styles.path} aria-label="Путь по неделям программы">
      {progress.weeks.map((week) => {
        const state = weekState(week, progress.current_week);
        const here = week.number === progress.current_week;
        const share = week.lessons_total > 0 ? week.lessons_completed / week.lessons_total : 0;
        return (
          <li
            key={week.number}
            className={styles.step}
            data-state={state}
            style={{ '--share': share } as CSSProperties}
            aria-current={here ? 'step' : undefined}
          >
            <span className={styles.node} aria-hidden="true">
              <span className={styles.nodeInner}>
                <NodeMark state={state} number={week.number} />
              </span>
              {here && <ChildAvatar avatar={avatarOf(child)} size={40} className={styles.token} />}
            </span>
            <span className={styles.name}>Неделя {week.number}</span>
            <span className={styles.title}>{week.title}</span>
            <span className={styles.count}>
              {week.lessons_completed} из {week.lessons_total}
              <span className="visually-hidden">, </span>
            </span>
            <span className={styles.state}>{WEEK_STATE_LABELS[state]}</span>
            {here && (
              <span className={styles.here}>
                <span className="visually-hidden">, </span>сейчас здесь
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
