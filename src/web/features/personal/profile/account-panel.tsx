import { isPlaceholderEmail, placeholderNetwork } from '@contract/api/oauth-values';
import type { Profile } from '../../../api/profile';
import { Badge } from '../../../components/ui/badge';
import { EmailText } from '../../../components/ui/email-text';
import { Panel } from '../panel';
import { AddEmailForm } from './add-email-form';
import { PasswordForm } from './password-form';
import styles from './profile-page.module.scss';

/**
 * The sign-in address (read-only) with its confirmation status, and the password. An account from a
 * social network that shared no address adds one first: until then a password would sign in to nothing.
 */
export function AccountPanel({ profile }: { profile: Profile }) {
  if (isPlaceholderEmail(profile.email)) {
    return (
      <Panel title="Вход в кабинет">
        <AddEmailForm network={placeholderNetwork(profile.email)} />
      </Panel>
    );
  }
  return (
    <Panel title="Вход в кабинет">
      <div className={styles.emailRow}>
        <dl className={styles.emailText}>
          <dt className={styles.label}>Электронная почта</dt>
          <dd className={styles.email}>
            <EmailText email={profile.email} />
          </dd>
        </dl>
        {profile.email_verified ? (
          <Badge tone="mint">Подтверждена</Badge>
        ) : (
          <Badge tone="accent">Не подтверждена</Badge>
        )}
      </div>
      <p className={styles.hint}>
        Адрес для входа изменить нельзя. Если он больше не ваш, напишите в поддержку.
      </p>
      <PasswordForm hasPassword={profile.has_password} email={profile.email} />
    </Panel>
  );
}
