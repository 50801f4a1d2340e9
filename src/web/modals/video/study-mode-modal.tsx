import { useId, useState, type FormEvent } from 'react';
import type { StudyMode } from '@contract/api/auth';
import { ModalShell } from '../modal-shell';
import { closeModal, type ModalPropsMap } from '../modal-store';
import { Button } from '../../components/ui/button';
import { useUpdateChild } from '../../api/children';
import { errorMessage } from '../../api/interceptors';
import { queryClient } from '../../api/query-client';
import styles from './video-modals.module.scss';

const MODES: { value: StudyMode; title: string; opens: string }[] = [
  {
    value: 'schedule',
    title: 'Расписание',
    opens:
      'Каждую неделю открывается одна новая неделя уроков — занимаемся в ритме программы, без спешки.',
  },
  {
    value: 'free',
    title: 'Свободный',
    opens:
      'Сразу открыты все недели оплаченного периода: смотрите в любом порядке и в своём темпе.',
  },
];

/** SPEC's study mode modal: what opens for the child, week by week or all at once. */
export default function StudyModeModal({ child }: ModalPropsMap['study-mode']) {
  const id = useId();
  const [mode, setMode] = useState<StudyMode>(child.study_mode);
  const update = useUpdateChild();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: child.id, study_mode: mode },
      {
        onSuccess: () => {
          // What is open depends on the mode: the lessons are asked again.
          void queryClient.invalidateQueries({ queryKey: ['lessons'] });
          closeModal();
        },
      },
    );
  };

  return (
    <ModalShell title="Режим занятий" size="md">
      <form onSubmit={submit} className={styles.form} noValidate>
        <fieldset className={styles.options}>
          <legend className={styles.legend}>
            Как открываются уроки для ребёнка «{child.name}»
          </legend>
          {MODES.map((option) => (
            <label key={option.value} className={styles.option}>
              <input
                type="radio"
                name={`${id}-mode`}
                value={option.value}
                checked={mode === option.value}
                onChange={() => setMode(option.value)}
              />
              <span>
                <span className={styles.optionTitle}>{option.title}</span>
                <span className={styles.optionText}>{option.opens}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {update.isError && (
          <p className={styles.error} role="alert">
            {errorMessage(update.error)}
          </p>
        )}
        <Button type="submit" block size="lg" loading={update.isPending}>
          Сохранить
        </Button>
      </form>
    </ModalShell>
  );
}
