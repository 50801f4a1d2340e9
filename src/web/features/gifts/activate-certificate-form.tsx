import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { formatMoscowDate } from '@contract/moscow-date';
import type { FamilySubscription } from '@contract/api/subscriptions';
import { useActivateCertificate } from '../../api/store';
import { errorMessage, fieldErrors } from '../../api/interceptors';
import { pathTo } from '../../lib/routes';
import { openModal } from '../../components/modal/modal-store';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { TextField } from '../../components/form/text-field';
import form from '../../components/form/form.module.scss';
import { displayCertificateCode, forgetCertificateCode } from './certificate-code';
import styles from './gifts.module.scss';

/** After activation: until when the family now studies, and where to go next. */
export function ActivatedView({ subscription }: { subscription: FamilySubscription }) {
  return (
    <div className={styles.activated}>
      <p className={styles.activatedTitle} role="status">
        Подарок активирован: подписка до {formatMoscowDate(subscription.ends_at)}
      </p>
      <p className={styles.activatedText}>
        Уроки уже открыты. Если ребёнка ещё нет в личном кабинете, добавьте его — занятия подберутся
        по возрасту.
      </p>
      <div className={styles.activatedActions}>
        <ButtonLink to={pathTo('video')} size="lg">
          К урокам
        </ButtonLink>
        <Button variant="secondary" size="lg" onClick={() => openModal('add-child', {})}>
          Добавить ребёнка
        </Button>
      </div>
    </div>
  );
}

/**
 * The certificate's code, typed any way (lower case, spaces) and shown upper case; the server checks it
 * and answers why not in Russian, also when too many wrong codes were tried.
 */
export function ActivateCertificateForm({
  initialCode,
  onActivated,
}: {
  initialCode: string | null;
  onActivated?: (subscription: FamilySubscription) => void;
}) {
  const id = useId();
  const activate = useActivateCertificate();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    formState: { errors },
  } = useForm<{ code: string }>({
    defaultValues: { code: displayCertificateCode(initialCode ?? '') },
    // A message stays until the code changes, then goes: no checking while the parent types.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const codeField = register('code', {
    validate: (value) => value.trim() !== '' || 'Введите код сертификата',
    onChange: (event: { target: { value: string } }) => {
      setValue('code', displayCertificateCode(event.target.value));
      clearErrors('code');
    },
  });

  if (activate.data) return <ActivatedView subscription={activate.data} />;

  const submit = handleSubmit(async ({ code }) => {
    try {
      const subscription = await activate.mutateAsync(code.trim());
      forgetCertificateCode();
      onActivated?.(subscription);
    } catch (failure) {
      setError('code', { message: fieldErrors(failure).code ?? errorMessage(failure) });
    }
  });

  return (
    <form className={form.form} noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        id={`${id}-code`}
        label="Код сертификата"
        className={`${form.upper} ${styles.codeInput}`}
        {...codeField}
        placeholder="XXXX-XXXX-XXXX"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={errors.code?.message}
        hint="12 букв и цифр из письма; регистр и пробелы не важны"
      />
      <Button type="submit" size="lg" block loading={activate.isPending}>
        Активировать
      </Button>
    </form>
  );
}
