import { useForm } from 'react-hook-form';
import type { StudyMode } from '@contract/api/auth';
import { ModalShell } from '../../../components/modal/modal-shell';
import { closeModal, type ModalPropsMap } from '../../../components/modal/modal-store';
import { useUpdateChild } from '../../../api/children';
import { queryClient } from '../../../api/query-client';
import { SaveFooter } from './save-footer';
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

/** The study mode modal: what opens for the child, week by week or all at once. */
export default function StudyModeModal({ child }: ModalPropsMap['study-mode']) {
  const { register, handleSubmit } = useForm<{ study_mode: StudyMode }>({
    defaultValues: { study_mode: child.study_mode },
  });
  const update = useUpdateChild();

  const submit = handleSubmit(({ study_mode }) => {
    update.mutate(
      { id: child.id, study_mode },
      {
        onSuccess: () => {
          // What is open depends on the mode: the lessons are asked again.
          void queryClient.invalidateQueries({ queryKey: ['lessons'] });
          closeModal();
        },
      },
    );
  });

  return (
    <ModalShell title="Режим занятий" size="md">
      <form onSubmit={(event) => void submit(event)} className={styles.form} noValidate>
        <fieldset className={styles.options}>
          <legend className={styles.legend}>
            Как открываются уроки для ребёнка «{child.name}»
          </legend>
          {MODES.map((option) => (
            <label key={option.value} className={styles.option}>
              <input type="radio" value={option.value} {...register('study_mode')} />
              <span>
                <span className={styles.optionTitle}>{option.title}</span>
                <span className={styles.optionText}>{option.opens}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <SaveFooter update={update} />
      </form>
    </ModalShell>
  );
}
