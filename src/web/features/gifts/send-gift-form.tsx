import { useId, useState } from 'react';
import { displayEmail } from '@contract/email';
import { formatMoscowDate } from '@contract/moscow-date';
import { useSendGift, type BoughtGift } from '../../api/store';
import { errorMessage, fieldErrors } from '../../api/interceptors';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/form/text-field';
import { looksLikeEmail } from './gift-tariffs';
import styles from './gifts.module.scss';

/** «Отправить на почту»: the code and a link to activate it, mailed to whoever the gift is for. */
export function SendGiftForm({ gift }: { gift: BoughtGift }) {
  const id = useId();
  const send = useSendGift();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async () => {
    setSentTo(null);
    const address = email.trim();
    if (!looksLikeEmail(address)) {
      setError(address ? 'Проверьте адрес: например, name@example.ru' : 'Введите почту получателя');
      return;
    }
    setError(null);
    try {
      const sent = await send.mutateAsync({ id: gift.id, email: address });
      setSentTo(displayEmail(sent.sent_to ?? address));
      setEmail('');
    } catch (failure) {
      setError(fieldErrors(failure).email ?? errorMessage(failure));
    }
  };

  return (
    <form
      className={styles.send}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {gift.sent_to && gift.sent_at && !sentTo && (
        <p className={styles.sentNote}>
          Отправлен на {displayEmail(gift.sent_to)} {formatMoscowDate(gift.sent_at)}
        </p>
      )}
      <div className={styles.sendRow}>
        <TextField
          id={`${id}-email`}
          label="Почта получателя"
          type="text"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="name@example.ru"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
          error={error ?? undefined}
        />
        <Button type="submit" variant="primary" loading={send.isPending}>
          Отправить на почту
        </Button>
      </div>
      {sentTo && (
        <p className={styles.sentOk} role="status">
          Письмо с подарком отправлено на {sentTo}
        </p>
      )}
    </form>
  );
}
