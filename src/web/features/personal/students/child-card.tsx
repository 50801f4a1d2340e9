import type { Child } from '@contract/api/children';
import {
  dailyLimitLabel,
  minutesTodayLabel,
  noLessonsAfterLabel,
  type ScreenTime,
} from '@contract/api/screen-time';
import { Button } from '../../../components/ui/button';
import { ageInYears, formatAge } from './child-age';
import { avatarOf, ChildAvatar } from '../../../components/illustrations/child-avatar';
import { studyModeLabel } from './study-modes';
import styles from './students-page.module.scss';

export interface ChildCardProps {
  child: Child;
  today: string;
  groupLabel: (slug: NonNullable<Child['age_group']>) => string;
  /** Today's screen time, counted by the server; undefined while it loads. */
  screenTime: ScreenTime | undefined;
  /** Absent for a caregiver: who the child is stays the owner's to change. */
  onEdit?: () => void;
  onScreenTime: () => void;
  onDelete?: () => void;
}

/** One pupil: picture, name, age and group, study settings, and what can be done with the profile. */
export function ChildCard({
  child,
  today,
  groupLabel,
  screenTime,
  onEdit,
  onScreenTime,
  onDelete,
}: ChildCardProps) {
  const age = ageInYears(child.birth_date, today);
  const titleId = `child-${child.id}-name`;
  return (
    <li className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <ChildAvatar avatar={avatarOf(child)} size={72} className={styles.avatar} />
        <div className={styles.who}>
          <h3 id={titleId} className={styles.name}>
            {child.name}
          </h3>
          <p className={styles.age}>
            {age !== null && formatAge(age)}
            {age !== null && child.age_group && ' · '}
            {child.age_group && `группа ${groupLabel(child.age_group)}`}
          </p>
        </div>
      </div>
      <ul className={styles.facts} role="list">
        <li className={styles.fact}>
          <span className={styles.factLabel}>Режим</span>
          {studyModeLabel(child.study_mode)}
        </li>
        <li className={styles.fact}>
          <span className={styles.factLabel}>Напоминания</span>
          {child.remind_about_lessons ? 'включены' : 'выключены'}
        </li>
        <li className={styles.fact}>
          <span className={styles.factLabel}>Экранное время</span>
          <span>
            {dailyLimitLabel(child.daily_limit_minutes)}
            {child.no_lessons_after !== null && `, ${noLessonsAfterLabel(child.no_lessons_after)}`}
          </span>
        </li>
        {screenTime && (
          <li className={styles.fact}>
            <span className={styles.factLabel}>Уроков сегодня</span>
            {minutesTodayLabel(screenTime)}
          </li>
        )}
      </ul>
      <Button
        variant="ghost"
        size="sm"
        onClick={onScreenTime}
        aria-label={`Экранное время: ${child.name}`}
      >
        Настроить экранное время
      </Button>
      {onEdit && onDelete && (
        <div className={styles.cardActions}>
          <Button
            variant="secondary"
            size="sm"
            onClick={onEdit}
            aria-label={`Изменить: ${child.name}`}
          >
            Изменить
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className={styles.remove}
            onClick={onDelete}
            aria-label={`Удалить: ${child.name}`}
          >
            Удалить
          </Button>
        </div>
      )}
    </li>
  );
}
