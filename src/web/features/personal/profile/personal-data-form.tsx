import { useId, useMemo, useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { NAME_INVALID, personNameField, phoneField, REGION_INVALID } from '@contract/api/profile';
import { formatRussianPhone } from '@contract/phone';
import type { Profile } from '../../../api/profile';
import { useUpdateProfile } from '../../../api/profile';
import { useRegions } from '../../../api/catalog';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/toast/toast';
import { errorMessage, fieldErrors } from '../request-errors';
import { Panel } from '../panel';
import { FormField } from './form-field';
import form from '../../../components/form/form.module.scss';
import styles from './profile-page.module.scss';

// The contract's own field rules, so the parent sees the server's words before sending.
const schema = z.object({
  name: personNameField({ required: 'Введите имя', invalid: NAME_INVALID }),
  surname: personNameField({ required: false, invalid: NAME_INVALID }),
  patronymic: personNameField({ required: false, invalid: NAME_INVALID }),
  phone: phoneField,
  region_id: z.string().regex(/^\d*$/, REGION_INVALID),
});
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

const FIELDS = ['name', 'surname', 'patronymic', 'phone', 'region_id'] as const;

function valuesOf(profile: Profile): Input {
  return {
    name: profile.name,
    surname: profile.surname,
    patronymic: profile.patronymic,
    // Stored as +79123456789, shown as a Russian reads it; the server takes it back in this form too.
    phone: formatRussianPhone(profile.phone),
    region_id: profile.region_id === null ? '' : String(profile.region_id),
  };
}

/** Name, surname, patronymic, phone and region: POST /profile/update with errors under the fields. */
export function PersonalDataForm({ profile }: { profile: Profile }) {
  const id = useId();
  const update = useUpdateProfile();
  const owner = profile.family_role === 'owner';
  const regions = useRegions();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(profile),
  });

  const sortedRegions = useMemo(
    () => [...(regions.data ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'ru')),
    [regions.data],
  );

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { region_id, ...own } = values;
      // A caregiver's region is the family's, the owner's to change (docs/PRODUCT.md «Grown-ups of a family»).
      const saved = await update.mutateAsync(
        owner ? { ...own, region_id: region_id === '' ? null : Number(region_id) } : own,
      );
      // The form now shows what the server stored (the phone grouped for reading).
      reset(valuesOf(saved));
      toast.success('Данные сохранены');
    } catch (error) {
      const byField = fieldErrors(error);
      let marked = false;
      for (const field of FIELDS) {
        const message = byField[field];
        if (message) {
          setError(field as FieldPath<Input>, { message }, { shouldFocus: !marked });
          marked = true;
        }
      }
      if (!marked) setFailure(errorMessage(error));
    }
  });

  return (
    <Panel
      title="Личные данные"
      description="Как к вам обращаться и как связаться, если понадобится помощь с подпиской."
    >
      <form className={form.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        {failure && (
          <p className={form.alert} role="alert">
            {failure}
          </p>
        )}
        <div className={styles.fieldGrid}>
          <FormField id={`${id}-name`} label="Имя" error={errors.name?.message}>
            {(props) => (
              <input
                {...props}
                className={form.input}
                type="text"
                autoComplete="given-name"
                {...register('name')}
              />
            )}
          </FormField>
          <FormField id={`${id}-surname`} label="Фамилия" error={errors.surname?.message}>
            {(props) => (
              <input
                {...props}
                className={form.input}
                type="text"
                autoComplete="family-name"
                {...register('surname')}
              />
            )}
          </FormField>
          <FormField id={`${id}-patronymic`} label="Отчество" error={errors.patronymic?.message}>
            {(props) => (
              <input
                {...props}
                className={form.input}
                type="text"
                autoComplete="additional-name"
                {...register('patronymic')}
              />
            )}
          </FormField>
          <FormField
            id={`${id}-phone`}
            label="Телефон"
            error={errors.phone?.message}
            hint={
              <>
                Мобильный, в любом виде:{' '}
                <span className={styles.nowrap}>{'8\u00a0999\u00a0123-45-67'}</span> или{' '}
                <span className={styles.nowrap}>{'+7\u00a0(999)\u00a0123\u00a045\u00a067'}</span>
              </>
            }
          >
            {(props) => (
              <input
                {...props}
                className={form.input}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder={'+7\u00a0999\u00a0123-45-67'}
                {...register('phone')}
              />
            )}
          </FormField>
          {owner && (
            <FormField
              id={`${id}-region`}
              label="Регион"
              error={errors.region_id?.message}
              hint={
                regions.isError
                  ? 'Список регионов не загрузился.'
                  : 'По его времени приходят напоминания об уроках.'
              }
              className={styles.wide}
            >
              {(props) => (
                <Controller
                  control={control}
                  name="region_id"
                  render={({ field }) => (
                    <select
                      {...props}
                      {...field}
                      className={`${form.input} ${form.select}`}
                      disabled={regions.isPending}
                    >
                      <option value="">
                        {regions.isPending ? 'Загружаем регионы…' : 'Не выбран'}
                      </option>
                      {sortedRegions.map((region) => (
                        <option key={region.id} value={String(region.id)}>
                          {region.name}
                        </option>
                      ))}
                    </select>
                  )}
                />
              )}
            </FormField>
          )}
        </div>
        {owner && regions.isError && (
          <button type="button" className={form.link} onClick={() => void regions.refetch()}>
            Загрузить регионы ещё раз
          </button>
        )}
        <div className={styles.formActions}>
          <Button type="submit" loading={update.isPending}>
            Сохранить
          </Button>
          {isDirty && !update.isPending && (
            <Button variant="ghost" onClick={() => reset(valuesOf(profile))}>
              Отменить изменения
            </Button>
          )}
        </div>
      </form>
    </Panel>
  );
}
