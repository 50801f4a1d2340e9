import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { addEmailBody, type AddEmailBody, type SocialNetwork } from '@contract/api/auth';
import { SOCIAL_NETWORK_TITLES } from '@contract/api/oauth-values';
import { displayEmail } from '@contract/email';
import { useAddEmail } from '../../../api/profile';
import { Button } from '../../../components/ui/button';
import { EmailText } from '../../../components/ui/email-text';
import { SandboxMailNote } from '../../../components/form/sandbox-mail-note';
import { errorMessage, fieldErrors, toldGlobally } from '../request-errors';
import { FormField } from './form-field';
import form from '../../../components/form/form.module.scss';
import styles from './profile-page.module.scss';

/**
 * An account made through a social network that shared no address adds one. The letter goes to the
 * address; it becomes the account's (confirmed) when the link in it is followed.
 */
export function AddEmailForm({ network }: { network: SocialNetwork | null }) {
  const id = useId();
  const add = useAddEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors },
  } = useForm<AddEmailBody, unknown, z.output<typeof addEmailBody>>({
    resolver: zodResolver(addEmailBody),
    defaultValues: { email: '' },
    // A message stays until the address changes, then goes: no checking while the parent types.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const submit = handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      setSentTo(displayEmail(values.email));
      reset();
    } catch (error) {
      const byField = fieldErrors(error);
      if (byField.email) setError('email', { message: byField.email });
      else if (!toldGlobally(error)) setError('email', { message: errorMessage(error) });
    }
  });

  return (
    <form className={styles.subform} onSubmit={(event) => void submit(event)} noValidate>
      <p className={styles.hint}>
        {network
          ? `${SOCIAL_NETWORK_TITLES[network]} не передал адрес почты.`
          : 'Адреса почты нет.'}{' '}
        Добавьте его — на него будут приходить письма о занятиях и подписке, а войти можно будет и
        по почте с паролем.
      </p>
      {sentTo && (
        <div role="status">
          <p className={styles.hint}>
            Письмо отправлено на <EmailText email={sentTo} />. Откройте его и нажмите «Подтвердить
            адрес» — ссылка действует 24&nbsp;часа. Ошиблись в адресе? Укажите другой.
          </p>
          <SandboxMailNote />
        </div>
      )}
      <FormField id={`${id}-email`} label="Адрес почты" error={errors.email?.message}>
        {(props) => (
          <input
            {...props}
            className={form.input}
            type="email"
            inputMode="email"
            autoComplete="email"
            {...register('email', { onChange: () => clearErrors('email') })}
          />
        )}
      </FormField>
      <div className={styles.formActions}>
        <Button type="submit" variant="secondary" loading={add.isPending}>
          Добавить адрес
        </Button>
      </div>
    </form>
  );
}
