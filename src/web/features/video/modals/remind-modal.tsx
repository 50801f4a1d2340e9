import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { REMINDER_HOURS } from '@contract/api/values';
import { ModalShell } from '../../../components/modal/modal-shell';
import { closeModal, type ModalPropsMap } from '../../../components/modal/modal-store';
import { Field } from '../../../components/form/field';
import form from '../../../components/form/form.module.scss';
import { useUpdateChild } from '../../../api/children';
import { useProfile, useUpdateProfile } from '../../../api/profile';
import { SaveFooter } from './save-footer';
import { reminderClock } from './reminder-clock';
import styles from './video-modals.module.scss';

interface Values {
  remind_about_lessons: boolean;
  reminder_hour: string;
}

const HOURS = Array.from(
  { length: REMINDER_HOURS.last - REMINDER_HOURS.first + 1 },
  (_, i) => REMINDER_HOURS.first + i,
);

/**
 * The remind modal: a letter to the parent on the day the child's new lessons open, at the hour the family
 * picked (one hour for the whole family, by its region's clock; docs/PRODUCT.md «Mailings»).
 */
export default function RemindModal({ child }: ModalPropsMap['remind']) {
  const id = useId();
  const profile = useProfile().data;
  const hour = profile?.reminder_hour ?? REMINDER_HOURS.default;
  const { register, handleSubmit } = useForm<Values>({
    defaultValues: {
      remind_about_lessons: child.remind_about_lessons,
      reminder_hour: String(hour),
    },
  });
  const updateChild = useUpdateChild();
  const updateProfile = useUpdateProfile();
  const saving = {
    isPending: updateChild.isPending || updateProfile.isPending,
    isError: updateChild.isError || updateProfile.isError,
    error: updateChild.error ?? updateProfile.error,
  };

  const submit = handleSubmit(async (values) => {
    const chosenHour = Number(values.reminder_hour);
    try {
      if (values.remind_about_lessons !== child.remind_about_lessons) {
        await updateChild.mutateAsync({
          id: child.id,
          remind_about_lessons: values.remind_about_lessons,
        });
      }
      if (chosenHour !== hour) await updateProfile.mutateAsync({ reminder_hour: chosenHour });
      closeModal();
    } catch {
      // Shown under the form by SaveFooter.
    }
  });

  return (
    <ModalShell title="Напоминания об уроках" size="sm">
      <form onSubmit={(event) => void submit(event)} className={styles.form} noValidate>
        <p className={styles.textLeft}>
          Пришлём письмо в тот день, когда у ребёнка «{child.name}» откроются новые уроки, — в
          выбранный час, чтобы вы не пропустили занятие. Ночью не пишем.
        </p>
        <label className={styles.option} htmlFor={`${id}-remind`}>
          <input id={`${id}-remind`} type="checkbox" {...register('remind_about_lessons')} />
          <span className={styles.optionTitle}>Напоминать об уроках</span>
        </label>
        <Field
          id={`${id}-hour`}
          label="Во сколько присылать"
          hint={`${reminderClock(profile?.time_zone)}. Час общий для всех детей семьи.`}
        >
          {(props) => (
            <select
              {...props}
              className={`${form.input} ${form.select}`}
              {...register('reminder_hour')}
            >
              {HOURS.map((value) => (
                <option key={value} value={String(value)}>
                  {`${value}:00`}
                </option>
              ))}
            </select>
          )}
        </Field>
        <SaveFooter update={saving} />
      </form>
    </ModalShell>
  );
}
