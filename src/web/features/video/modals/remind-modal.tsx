import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { ModalShell } from '../../../components/modal/modal-shell';
import { closeModal, type ModalPropsMap } from '../../../components/modal/modal-store';
import { useUpdateChild } from '../../../api/children';
import { SaveFooter } from './save-footer';
import styles from './video-modals.module.scss';

/** The remind modal: a letter to the parent when the child's new lessons open. */
export default function RemindModal({ child }: ModalPropsMap['remind']) {
  const id = useId();
  const { register, handleSubmit } = useForm<{ remind_about_lessons: boolean }>({
    defaultValues: { remind_about_lessons: child.remind_about_lessons },
  });
  const update = useUpdateChild();

  const submit = handleSubmit(({ remind_about_lessons }) => {
    update.mutate({ id: child.id, remind_about_lessons }, { onSuccess: () => closeModal() });
  });

  return (
    <ModalShell title="Напоминания об уроках" size="sm">
      <form onSubmit={(event) => void submit(event)} className={styles.form} noValidate>
        <p className={styles.textLeft}>
          Пришлём письмо, когда у ребёнка «{child.name}» откроются новые уроки, чтобы вы не
          пропустили занятие.
        </p>
        <label className={styles.option} htmlFor={`${id}-remind`}>
          <input id={`${id}-remind`} type="checkbox" {...register('remind_about_lessons')} />
          <span className={styles.optionTitle}>Напоминать об уроках</span>
        </label>
        <SaveFooter update={update} />
      </form>
    </ModalShell>
  );
}
