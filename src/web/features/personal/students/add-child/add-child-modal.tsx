import { useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { AGE_GROUP_SLUGS, type AgeGroupSlug } from '@contract/api/catalog';
import type { StudyMode } from '@contract/api/auth';
import { CHILD_AGE_RULE } from '@contract/api/children';
import {
  CHILD_NAME_MAX_INPUT,
  CHILD_NAME_REQUIRED,
  childNameProblem,
  normalizeChildName,
} from '@contract/child-name';
import { ERROR_CODES } from '@contract/api/values';
import { ModalShell } from '../../../../components/modal/modal-shell';
import { closeModal, openModal } from '../../../../components/modal/modal-store';
import type { AddChildModalProps } from '../../../../components/modal/modal-props';
import { useStoreChild, useUpdateChild } from '../../../../api/children';
import { Button } from '../../../../components/ui/button';
import { DateField } from '../../../../components/form/date-field';
import { Field } from '../../../../components/form/field';
import { FormAlert } from '../../../../components/form/form-alert';
import { TextField } from '../../../../components/form/text-field';
import { parseRussianDate, russianFromIso } from '../../../../components/form/russian-date';
import { toast } from '../../../../components/toast/toast';
import { useAgeGroupLabel } from '../age-group-labels';
import { AvatarPicker } from '../avatar-picker';
import {
  AVATAR_IDS,
  avatarOf,
  type AvatarId,
} from '../../../../components/illustrations/child-avatar';
import {
  ageInYears,
  birthDateProblem,
  defaultAgeGroup,
  formatAge,
  todayInMoscow,
} from '../child-age';
import { STUDY_MODE_OPTIONS } from '../study-modes';
import { errorCode, errorMessage, fieldErrors, toldGlobally } from '../../request-errors';
import form from '../../../../components/form/form.module.scss';
import switches from '../../../../components/form/switch.module.scss';
import styles from './add-child-modal.module.scss';

/** The form's values; the birth date as the field shows it (дд.мм.гггг, maybe half typed). */
interface ChildValues {
  name: string;
  birth_date: string;
  // '' follows the birth date; a slug is the parent's own choice.
  age_group: AgeGroupSlug | '';
  avatar: AvatarId;
  remind_about_lessons: boolean;
  study_mode: StudyMode;
}

// The fields that show a message of their own; the server's word on any of them goes there too.
const CHECKED_FIELDS = ['name', 'birth_date', 'age_group'] as const;

function randomAvatar(): AvatarId {
  return AVATAR_IDS[Math.floor(Math.random() * AVATAR_IDS.length)] ?? 'fox';
}

/** Add a child (name or nickname, birth date, age group) or edit one with its study settings. */
export default function AddChildModal({ child }: AddChildModalProps) {
  const id = useId();
  const editing = child !== undefined;
  const today = useMemo(() => todayInMoscow(), []);
  const groupLabel = useAgeGroupLabel();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    watch,
    setValue,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<ChildValues>({
    defaultValues: {
      name: child?.name ?? '',
      birth_date: child ? russianFromIso(child.birth_date) : '',
      age_group:
        child?.age_group && child.age_group !== defaultAgeGroup(child.birth_date, today)
          ? child.age_group
          : '',
      avatar: child ? avatarOf(child) : randomAvatar(),
      remind_about_lessons: child?.remind_about_lessons ?? true,
      study_mode: child?.study_mode ?? 'schedule',
    },
    // A message stays until its field changes, then goes: no checking while the parent types.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  // A field's error goes as soon as the parent changes it, and the form's alert with it.
  const fixed = (field: (typeof CHECKED_FIELDS)[number]) => {
    clearErrors(field);
    setFailure(null);
  };
  const nameField = register('name', {
    validate: (value) => {
      const problem = childNameProblem(normalizeChildName(value));
      return !problem || (problem === CHILD_NAME_REQUIRED ? 'Напишите имя или никнейм' : problem);
    },
    onChange: () => fixed('name'),
  });
  const store = useStoreChild();
  const update = useUpdateChild();
  const busy = store.isPending || update.isPending;

  const birthDate = parseRussianDate(watch('birth_date'), 'Укажите дату рождения').iso ?? '';
  const age = ageInYears(birthDate, today);
  const autoGroup = defaultAgeGroup(birthDate, today);
  const avatar = watch('avatar');
  const studyMode = watch('study_mode');
  const remind = watch('remind_about_lessons');

  const birthProblem = (text: string): string | true => {
    const parsed = parseRussianDate(text, 'Укажите дату рождения');
    const iso = parsed.iso ?? '';
    // A child who has grown past the age rule since being added keeps the birth date it has.
    const unchanged = child !== undefined && iso === child.birth_date;
    return parsed.problem ?? (unchanged ? null : birthDateProblem(iso, today)) ?? true;
  };

  const submit = handleSubmit(
    async (values) => {
      const sentBirth = parseRussianDate(values.birth_date, 'Укажите дату рождения').iso ?? '';
      const ageGroup = values.age_group || defaultAgeGroup(sentBirth, today);
      const base = {
        name: normalizeChildName(values.name),
        birth_date: sentBirth,
        ...(ageGroup ? { age_group: ageGroup } : {}),
      };
      try {
        if (child) {
          await update.mutateAsync({
            id: child.id,
            ...base,
            avatar: values.avatar,
            remind_about_lessons: values.remind_about_lessons,
            study_mode: values.study_mode,
          });
          toast.success('Изменения сохранены');
        } else {
          const added = await store.mutateAsync(base);
          // The picture is a setting: the new child gets it with a second, small call. Should it
          // fail, the child is added all the same and the picture can be picked when editing.
          await update.mutateAsync({ id: added.id, avatar: values.avatar }).catch(() => undefined);
          toast.success(`${added.name} — в списке учеников`);
        }
        closeModal();
      } catch (error) {
        if (errorCode(error) === ERROR_CODES.noFreeChildSlot) {
          openModal('add-child-without-subscription');
          return;
        }
        if (toldGlobally(error)) return;
        const byField = fieldErrors(error);
        const marked = CHECKED_FIELDS.filter((field) => byField[field]);
        marked.forEach((field) => setError(field, { message: byField[field] }));
        if (marked.length === 0) setFailure(errorMessage(error));
      }
    },
    (found) => {
      document.getElementById(`${id}-${found.name ? 'name' : 'birth_date'}`)?.focus();
    },
  );

  return (
    <ModalShell title={editing ? 'Профиль ребёнка' : 'Добавить ребёнка'}>
      <form
        className={form.form}
        onSubmit={(event) => {
          event.preventDefault();
          if (busy) return;
          // Every message, the server's included, is asked again: a stale one must not stop the send.
          clearErrors();
          setFailure(null);
          void submit(event);
        }}
        noValidate
      >
        <FormAlert message={failure} />
        <TextField
          id={`${id}-name`}
          label="Имя или никнейм"
          type="text"
          autoComplete="off"
          maxLength={CHILD_NAME_MAX_INPUT}
          placeholder="Например, Маша или Зайка"
          {...nameField}
          error={errors.name?.message}
          hint="Так ребёнка будут звать на занятиях. Фамилия не нужна."
        />

        <Controller
          control={control}
          name="birth_date"
          rules={{ validate: birthProblem }}
          render={({ field }) => (
            <DateField
              id={`${id}-birth_date`}
              label="Дата рождения"
              value={field.value}
              onChange={(text) => {
                field.onChange(text);
                fixed('birth_date');
              }}
              error={errors.birth_date?.message}
              hint={
                autoGroup && age !== null
                  ? `Сейчас ${formatAge(age)}.`
                  : `Число, месяц и год: например, 05.09.2021. ${CHILD_AGE_RULE}.`
              }
            />
          )}
        />

        <Field
          id={`${id}-age_group`}
          label="Возрастная группа"
          error={errors.age_group?.message}
          hint="Подберём по возрасту. Можно выбрать другую, если ребёнку интереснее программа постарше или помладше."
        >
          {(props) => (
            <select
              {...props}
              className={`${form.input} ${form.select}`}
              value={watch('age_group')}
              onChange={(event) => {
                setValue('age_group', event.target.value as AgeGroupSlug | '');
                fixed('age_group');
              }}
            >
              <option value="">
                {autoGroup ? `По возрасту: ${groupLabel(autoGroup)}` : 'По дате рождения'}
              </option>
              {AGE_GROUP_SLUGS.map((slug) => (
                <option key={slug} value={slug}>
                  {groupLabel(slug)}
                </option>
              ))}
            </select>
          )}
        </Field>

        <AvatarPicker value={avatar} onChange={(next) => setValue('avatar', next)} />

        {editing && (
          <>
            <fieldset className={styles.fieldset}>
              <legend className={form.label}>Режим занятий</legend>
              <div className={styles.modes}>
                {STUDY_MODE_OPTIONS.map((option) => (
                  <label key={option.value} className={styles.mode}>
                    <input
                      type="radio"
                      name={`${id}-study-mode`}
                      value={option.value}
                      checked={studyMode === option.value}
                      onChange={() => setValue('study_mode', option.value)}
                      aria-describedby={`${id}-mode-${option.value}`}
                    />
                    <span className={styles.modeText}>
                      <span className={styles.modeTitle}>{option.label}</span>
                      <span id={`${id}-mode-${option.value}`} className={form.hint}>
                        {option.hint}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>

            <label className={styles.switchRow}>
              <span className={styles.modeText}>
                <span className={styles.modeTitle}>Напоминать о занятиях</span>
                <span className={form.hint}>Пришлём письмо, когда откроются новые уроки.</span>
              </span>
              <input
                className={switches.switch}
                type="checkbox"
                role="switch"
                checked={remind}
                onChange={(event) => setValue('remind_about_lessons', event.target.checked)}
              />
            </label>
          </>
        )}

        <Button type="submit" size="lg" block loading={busy}>
          {editing ? 'Сохранить' : 'Добавить ребёнка'}
        </Button>
      </form>
    </ModalShell>
  );
}
