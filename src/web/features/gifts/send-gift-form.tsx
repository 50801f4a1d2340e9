import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
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
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors },
  } = useForm<{ email: string }>({
    defaultValues: { email: '' },
    // A message stays until the address changes, then goes: no checking while the parent types.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const email = register('email', {
    validate: (value) => {
      const address = value.trim();
      if (looksLikeEmail(address)) return true;
      return address ? 'Проверьте адрес: например, name@example.ru' : 'Введите почту получателя';
    },
    onChange: () => clearErrors('email'),
  });

  const submit = handleSubmit(async (values) => {
    const address = values.email.trim();
    try {
      const sent = await send.mutateAsync({ id: gift.id, email: address });
      setSentTo(displayEmail(sent.sent_to ?? address));
      reset();
    } catch (failure) {
      setError('email', { message: fieldErrors(failure).email ?? errorMessage(failure) });
    }
  });

  return (
    <form
      className={styles.send}
      noValidate
      onSubmit={(event) => {
        setSentTo(null);
        void submit(event);
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
          error={errors.email?.message}
          {...email}
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
