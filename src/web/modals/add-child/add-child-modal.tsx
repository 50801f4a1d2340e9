import { useId, useMemo, useState, type FormEvent } from 'react';
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
import { ModalShell } from '../modal-shell';
import { closeModal, openModal } from '../modal-store';
import type { AddChildModalProps } from './add-child-props';
import { useStoreChild, useUpdateChild } from '../../api/children';
import { Button } from '../../components/ui/button';
import { DateField } from '../../components/form/date-field';
import { Field } from '../../components/form/field';
import { FormAlert } from '../../components/form/form-alert';
import { TextField } from '../../components/form/text-field';
import { parseRussianDate, russianFromIso } from '../../components/form/russian-date';
import { toast } from '../../components/toast/toast';
import { useAgeGroupLabel } from '../../features/personal/students/age-group-labels';
import { AvatarPicker } from '../../features/personal/students/avatar-picker';
import { AVATAR_IDS, avatarOf, type AvatarId } from '../../features/personal/students/child-avatar';
import {
  ageInYears,
  birthDateProblem,
  defaultAgeGroup,
  formatAge,
  todayInMoscow,
} from '../../features/personal/students/child-age';
import { STUDY_MODE_OPTIONS } from '../../features/personal/students/study-modes';
import {
  errorCode,
  errorMessage,
  fieldErrors,
  toldGlobally,
} from '../../features/personal/request-errors';
import form from '../../components/form/form.module.scss';
import switches from '../../components/form/switch.module.scss';
import styles from './add-child-modal.module.scss';

type FieldName = 'name' | 'birth_date' | 'age_group';
type Problems = Partial<Record<FieldName | 'form', string>>;

function randomAvatar(): AvatarId {
  return AVATAR_IDS[Math.floor(Math.random() * AVATAR_IDS.length)] ?? 'fox';
}

/** Add a child (name or nickname, birth date, age group) or edit one with its study settings. */
export default function AddChildModal({ child }: AddChildModalProps) {
  const id = useId();
  const editing = child !== undefined;
  const today = useMemo(() => todayInMoscow(), []);
  const groupLabel = useAgeGroupLabel();

  const [name, setName] = useState(child?.name ?? '');
  // What the date field shows (дд.мм.гггг, maybe half typed); the API gets YYYY-MM-DD.
  const [birthText, setBirthText] = useState(child ? russianFromIso(child.birth_date) : '');
  const parsedBirth = parseRussianDate(birthText, 'Укажите дату рождения');
  const birthDate = parsedBirth.iso ?? '';
  // '' follows the birth date; a slug is the parent's own choice.
  const [groupChoice, setGroupChoice] = useState<AgeGroupSlug | ''>(() =>
    child?.age_group && child.age_group !== defaultAgeGroup(child.birth_date, today)
      ? child.age_group
      : '',
  );
  const [avatar, setAvatar] = useState<AvatarId>(() => (child ? avatarOf(child) : randomAvatar()));
  const [remind, setRemind] = useState(child?.remind_about_lessons ?? true);
  const [studyMode, setStudyMode] = useState<StudyMode>(child?.study_mode ?? 'schedule');
  const [problems, setProblems] = useState<Problems>({});
  // A field's error goes as soon as the parent changes it.
  const edit =
    <T,>(field: FieldName, set: (value: T) => void) =>
    (value: T) => {
      set(value);
      if (problems[field] || problems.form)
        setProblems(({ [field]: _fixed, form: _form, ...rest }) => rest);
    };
  const store = useStoreChild();
  const update = useUpdateChild();
  const busy = store.isPending || update.isPending;

  const age = ageInYears(birthDate, today);
  const autoGroup = defaultAgeGroup(birthDate, today);
  const ageGroup = groupChoice || autoGroup;

  const validate = (): Problems => {
    const found: Problems = {};
    const nameProblem = childNameProblem(normalizeChildName(name));
    if (nameProblem)
      found.name = nameProblem === CHILD_NAME_REQUIRED ? 'Напишите имя или никнейм' : nameProblem;
    // A child who has grown past the age rule since being added keeps the birth date it has.
    const unchanged = child !== undefined && birthDate === child.birth_date;
    const dateProblem =
      parsedBirth.problem ?? (unchanged ? null : birthDateProblem(birthDate, today));
    if (dateProblem) found.birth_date = dateProblem;
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validate();
    setProblems(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`${id}-${found.name ? 'name' : 'birth_date'}`)?.focus();
      return;
    }
    const base = {
      name: normalizeChildName(name),
      birth_date: birthDate,
      ...(ageGroup ? { age_group: ageGroup } : {}),
    };
    try {
      if (child) {
        await update.mutateAsync({
          id: child.id,
          ...base,
          avatar,
          remind_about_lessons: remind,
          study_mode: studyMode,
        });
        toast.success('Изменения сохранены');
      } else {
        const added = await store.mutateAsync(base);
        // The picture is a setting: the new child gets it with a second, small call. Should it fail,
        // the child is added all the same and the picture can be picked when editing.
        await update.mutateAsync({ id: added.id, avatar }).catch(() => undefined);
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
      const next: Problems = {};
      for (const field of ['name', 'birth_date', 'age_group'] as const) {
        if (byField[field]) next[field] = byField[field];
      }
      if (Object.keys(next).length === 0) next.form = errorMessage(error);
      setProblems(next);
    }
  };

  return (
    <ModalShell title={editing ? 'Профиль ребёнка' : 'Добавить ребёнка'}>
      <form className={form.form} onSubmit={(event) => void submit(event)} noValidate>
        <FormAlert message={problems.form} />
        <TextField
          id={`${id}-name`}
          label="Имя или никнейм"
          type="text"
          autoComplete="off"
          maxLength={CHILD_NAME_MAX_INPUT}
          placeholder="Например, Маша или Зайка"
          value={name}
          onChange={(event) => edit('name', setName)(event.target.value)}
          error={problems.name}
          hint="Так ребёнка будут звать на занятиях. Фамилия не нужна."
        />

        <DateField
          id={`${id}-birth_date`}
          label="Дата рождения"
          value={birthText}
          onChange={edit('birth_date', setBirthText)}
          error={problems.birth_date}
          hint={
            autoGroup && age !== null
              ? `Сейчас ${formatAge(age)}.`
              : `Число, месяц и год: например, 05.09.2021. ${CHILD_AGE_RULE}.`
          }
        />

        <Field
          id={`${id}-age_group`}
          label="Возрастная группа"
          error={problems.age_group}
          hint="Подберём по возрасту. Можно выбрать другую, если ребёнку интереснее программа постарше или помладше."
        >
          {(control) => (
            <select
              {...control}
              className={`${form.input} ${styles.select}`}
              value={groupChoice}
              onChange={(event) =>
                edit('age_group', setGroupChoice)(event.target.value as AgeGroupSlug | '')
              }
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

        <AvatarPicker value={avatar} onChange={setAvatar} />

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
                      onChange={() => setStudyMode(option.value)}
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
                onChange={(event) => setRemind(event.target.checked)}
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
