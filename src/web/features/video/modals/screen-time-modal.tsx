import { useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  DAILY_LIMIT_OPTIONS,
  NO_LESSONS_AFTER_OPTIONS,
  dailyLimitLabel,
  noLessonsAfterLabel,
} from '@contract/api/screen-time';
import { ModalShell } from '../../../components/modal/modal-shell';
import { closeModal, type ModalPropsMap } from '../../../components/modal/modal-store';
import { useUpdateChild } from '../../../api/children';
import { useProfile } from '../../../api/profile';
import { familyClock } from './family-clock';
import { refreshScreenTime } from '../../../api/screen-time';
import { SaveFooter } from './save-footer';
import styles from './video-modals.module.scss';

const OFF = 'off';
const toValue = (value: number | null) => (value === null ? OFF : String(value));
const fromValue = (value: string) => (value === OFF ? null : Number(value));

interface Values {
  daily_limit_minutes: string;
  no_lessons_after: string;
}

/**
 * Screen time of one child: minutes of lessons a day and the evening hour after which none play. Opened
 * through the parental gate on the video page and directly in «Ученики».
 */
export default function ScreenTimeModal({ child }: ModalPropsMap['screen-time']) {
  const id = useId();
  const { register, handleSubmit } = useForm<Values>({
    defaultValues: {
      daily_limit_minutes: toValue(child.daily_limit_minutes),
      no_lessons_after: toValue(child.no_lessons_after),
    },
  });
  const update = useUpdateChild();
  // Whose clock the day and the hour are by: the family's region's (docs/DECISIONS.md).
  const timeZone = useProfile().data?.time_zone;

  const submit = handleSubmit((values) => {
    update.mutate(
      {
        id: child.id,
        daily_limit_minutes: fromValue(values.daily_limit_minutes),
        no_lessons_after: fromValue(values.no_lessons_after),
      },
      {
        onSuccess: () => {
          // Whether lessons rest now follows the new settings.
          void refreshScreenTime();
          closeModal();
        },
      },
    );
  });

  return (
    <ModalShell title="Экранное время" size="md">
      <form onSubmit={(event) => void submit(event)} className={styles.form} noValidate>
        <p className={styles.textLeft}>
          Считаем минуты уроков ребёнка «{child.name}» за день на всех устройствах. Когда время
          выйдет, вместо урока появится картинка «Пора отдохнуть»; добавить минуты сможет только
          взрослый.
          {timeZone && ` День и вечерний час\u00a0— ${familyClock(timeZone).toLowerCase()}.`}
        </p>
        <fieldset className={styles.options}>
          <legend className={styles.legend}>Сколько уроков в день</legend>
          {[null, ...DAILY_LIMIT_OPTIONS].map((minutes) => (
            <label key={toValue(minutes)} className={styles.option} htmlFor={`${id}-l${minutes}`}>
              <input
                id={`${id}-l${minutes}`}
                type="radio"
                value={toValue(minutes)}
                {...register('daily_limit_minutes')}
              />
              <span className={styles.optionTitle}>
                {minutes === null ? 'Без лимита' : dailyLimitLabel(minutes)}
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset className={styles.options}>
          <legend className={styles.legend}>Без уроков вечером</legend>
          {[null, ...NO_LESSONS_AFTER_OPTIONS].map((hour) => (
            <label key={toValue(hour)} className={styles.option} htmlFor={`${id}-h${hour}`}>
              <input
                id={`${id}-h${hour}`}
                type="radio"
                value={toValue(hour)}
                {...register('no_lessons_after')}
              />
              <span className={styles.optionTitle}>
                {hour === null ? 'Без ограничения' : `Нет уроков ${noLessonsAfterLabel(hour)}`}
              </span>
            </label>
          ))}
        </fieldset>
        <SaveFooter update={update} />
      </form>
    </ModalShell>
  );
}
