import { useId, useState, type FormEvent } from 'react';
import { ModalShell } from '../modal-shell';
import { closeModal, type ModalPropsMap } from '../modal-store';
import { Button } from '../../components/ui/button';
import { useUpdateChild } from '../../api/children';
import { errorMessage } from '../../api/interceptors';
import styles from './video-modals.module.scss';

/** SPEC's remind modal: a letter to the parent when the child's new lessons open. */
export default function RemindModal({ child }: ModalPropsMap['remind']) {
  const id = useId();
  const [remind, setRemind] = useState(child.remind_about_lessons);
  const update = useUpdateChild();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: child.id, remind_about_lessons: remind },
      { onSuccess: () => closeModal() },
    );
  };

  return (
    <ModalShell title="Напоминания об уроках" size="sm">
      <form onSubmit={submit} className={styles.form} noValidate>
        <p className={styles.textLeft}>
          Пришлём письмо, когда у ребёнка «{child.name}» откроются новые уроки, чтобы вы не
          пропустили занятие.
        </p>
        <label className={styles.option} htmlFor={`${id}-remind`}>
          <input
            id={`${id}-remind`}
            type="checkbox"
            checked={remind}
            onChange={(event) => setRemind(event.target.checked)}
          />
          <span className={styles.optionTitle}>Напоминать об уроках</span>
        </label>
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
