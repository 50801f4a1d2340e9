import { useId, useState } from 'react';
import { formatMoscowDate } from '@contract/moscow-date';
import type { FamilySubscription } from '@contract/api/subscriptions';
import { useActivateCertificate } from '../../api/store';
import { errorMessage, fieldErrors } from '../../api/interceptors';
import { pathTo } from '../../app/routes';
import { openModal } from '../../modals/modal-store';
import { isModalAvailable } from '../../modals/registry';
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
        {isModalAvailable('add-child') ? (
          <Button variant="secondary" size="lg" onClick={() => openModal('add-child', {})}>
            Добавить ребёнка
          </Button>
        ) : (
          <ButtonLink to={pathTo('students')} variant="secondary" size="lg">
            Добавить ребёнка
          </ButtonLink>
        )}
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
  const [code, setCode] = useState(() => displayCertificateCode(initialCode ?? ''));
  const [error, setError] = useState<string | null>(null);

  if (activate.data) return <ActivatedView subscription={activate.data} />;

  const submit = async () => {
    const typed = code.trim();
    if (!typed) {
      setError('Введите код сертификата');
      return;
    }
    setError(null);
    try {
      const subscription = await activate.mutateAsync(typed);
      forgetCertificateCode();
      onActivated?.(subscription);
    } catch (failure) {
      setError(fieldErrors(failure).code ?? errorMessage(failure));
    }
  };

  return (
    <form
      className={form.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        id={`${id}-code`}
        label="Код сертификата"
        className={`${form.upper} ${styles.codeInput}`}
        value={code}
        onChange={(event) => {
          setCode(displayCertificateCode(event.target.value));
          setError(null);
        }}
        placeholder="XXXX-XXXX-XXXX"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={error ?? undefined}
        hint="12 букв и цифр из письма; регистр и пробелы не важны"
      />
      <Button type="submit" size="lg" block loading={activate.isPending}>
        Активировать
      </Button>
    </form>
  );
}
