import { useId } from 'react';
import type { SocialNetwork } from '@contract/api/auth';
import { SOCIAL_NETWORK_TITLES } from '@contract/api/oauth-values';
import { useAddEmail } from '../../../api/profile';
import { Button } from '../../../components/ui/button';
import { EmailText } from '../../../components/ui/email-text';
import { SandboxMailNote } from '../../../components/form/sandbox-mail-note';
import { FormField } from './form-field';
import { useAddressForm } from './use-address-form';
import form from '../../../components/form/form.module.scss';
import styles from './profile-page.module.scss';

/**
 * An account made through a social network that shared no address adds one. The letter goes to the
 * address; it becomes the account's (confirmed) when the link in it is followed.
 */
export function AddEmailForm({ network }: { network: SocialNetwork | null }) {
  const id = useId();
  const add = useAddEmail();
  const { sentTo, error, field, submit } = useAddressForm((email) => add.mutateAsync({ email }));

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
      <FormField id={`${id}-email`} label="Адрес почты" error={error}>
        {(props) => (
          <input
            {...props}
            className={form.input}
            type="email"
            inputMode="email"
            autoComplete="email"
            {...field}
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
