import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { REMINDER_HOURS } from '@contract/api/values';
import { ModalShell } from '../../../components/modal/modal-shell';
import { closeModal, type ModalPropsMap } from '../../../components/modal/modal-store';
import { Field } from '../../../components/form/field';
import form from '../../../components/form/form.module.scss';
import { useUpdateChild } from '../../../api/children';
import { useProfile, useUpdateProfile } from '../../../api/profile';
import { SaveFooter } from './save-footer';
import { familyClock } from './family-clock';
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
  const {
    register,
    handleSubmit,
    resetField,
    formState: { dirtyFields },
  } = useForm<Values>({
    defaultValues: {
      remind_about_lessons: child.remind_about_lessons,
      reminder_hour: String(profile?.reminder_hour ?? REMINDER_HOURS.default),
    },
  });
  // The family's hour as the school has it, until the grown-up picks another: a profile that came (or
  // came again) after the modal opened is never overwritten by what the select showed before.
  const savedHour = profile?.reminder_hour;
  const hourPicked = dirtyFields.reminder_hour === true;
  useEffect(() => {
    if (savedHour !== undefined && !hourPicked) {
      resetField('reminder_hour', { defaultValue: String(savedHour) });
    }
  }, [savedHour, hourPicked, resetField]);
  const updateChild = useUpdateChild();
  const updateProfile = useUpdateProfile();
  const saving = {
    isPending: updateChild.isPending || updateProfile.isPending,
    isError: updateChild.isError || updateProfile.isError,
    error: updateProfile.error ?? updateChild.error,
  };

  // Only what the grown-up changed is sent; a part that saved becomes the form's new starting point, so
  // a second try after the other part failed sends what is still unsaved.
  const submit = handleSubmit(async (values) => {
    updateChild.reset();
    updateProfile.reset();
    try {
      if (dirtyFields.remind_about_lessons) {
        await updateChild.mutateAsync({
          id: child.id,
          remind_about_lessons: values.remind_about_lessons,
        });
        resetField('remind_about_lessons', { defaultValue: values.remind_about_lessons });
      }
      if (dirtyFields.reminder_hour) {
        await updateProfile.mutateAsync({ reminder_hour: Number(values.reminder_hour) });
      }
      closeModal();
    } catch {
      // Shown under the form by SaveFooter.
    }
  });

  return (
    <ModalShell title="Напоминания об уроках" size="sm">
      <form onSubmit={(event) => void submit(event)} className={styles.form} noValidate>
        <p className={styles.textLeft}>
          Пришлём письмо, когда у ребёнка «{child.name}» откроются новые уроки, — в выбранный час: в
          тот же день или на следующий, если час уже прошёл. Ночью не пишем.
        </p>
        <label className={styles.option} htmlFor={`${id}-remind`}>
          <input id={`${id}-remind`} type="checkbox" {...register('remind_about_lessons')} />
          <span className={styles.optionTitle}>Напоминать об уроках</span>
        </label>
        <Field
          id={`${id}-hour`}
          label="Во сколько присылать"
          hint={
            profile
              ? `${familyClock(profile.time_zone)}. Час общий для всех детей семьи.`
              : 'Загружаем настройки семьи…'
          }
        >
          {(props) => (
            <select
              {...props}
              className={`${form.input} ${form.select}`}
              disabled={!profile}
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
