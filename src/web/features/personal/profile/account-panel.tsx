import { isPlaceholderEmail } from '@contract/api/oauth-values';
import type { Profile } from '../../../api/profile';
import { Badge } from '../../../components/ui/badge';
import { EmailText } from '../../../components/ui/email-text';
import { Panel } from '../panel';
import { PasswordForm } from './password-form';
import styles from './profile-page.module.scss';

/** The sign-in address (read-only) with its confirmation status, and the password. */
export function AccountPanel({ profile }: { profile: Profile }) {
  const noEmail = isPlaceholderEmail(profile.email);
  return (
    <Panel title="Вход в кабинет">
      <div className={styles.emailRow}>
        <dl className={styles.emailText}>
          <dt className={styles.label}>Электронная почта</dt>
          <dd className={styles.email}>
            {noEmail ? 'не указана' : <EmailText email={profile.email} />}
          </dd>
        </dl>
        {!noEmail &&
          (profile.email_verified ? (
            <Badge tone="mint">Подтверждена</Badge>
          ) : (
            <Badge tone="accent">Не подтверждена</Badge>
          ))}
      </div>
      <p className={styles.hint}>
        Адрес для входа изменить нельзя. Если он больше не ваш, напишите в поддержку.
      </p>
      <PasswordForm hasPassword={profile.has_password} email={noEmail ? '' : profile.email} />
    </Panel>
  );
}
