import { useState } from 'react';
import { displayEmail } from '@contract/email';
import { useSendGift, type BoughtGift } from '../../api/store';
import { errorMessage, fieldErrors } from '../../api/interceptors';
import { Button } from '../../components/ui/button';
import { readLastPayAfter, readSendGift, writeSendGift } from '../checkout';
import { giftToOffer } from './gift-status';
import styles from './gifts.module.scss';

/** The last payment's start, when it was a gift: only gifts bought since are «the new one». */
function giftPaidSince(): string | null {
  const last = readLastPayAfter();
  return last?.kind === 'gift' ? last.started_at : null;
}

/**
 * The address given before paying (send-gift), offered for the gift that has just appeared: one click
 * sends it. Either answer forgets the address.
 */
export function SendOffer({ gifts }: { gifts: readonly BoughtGift[] }) {
  const [email, setEmail] = useState(readSendGift);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useSendGift();
  const gift = email ? giftToOffer(gifts, giftPaidSince()) : undefined;

  if (sentTo) {
    return (
      <p className={styles.offerDone} role="status">
        Письмо с подарком отправлено на {sentTo}
      </p>
    );
  }
  if (!email || !gift) return null;

  const forget = () => {
    writeSendGift(null);
    setEmail(null);
  };
  const sendNow = async () => {
    setError(null);
    try {
      const sent = await send.mutateAsync({ id: gift.id, email });
      writeSendGift(null);
      setSentTo(displayEmail(sent.sent_to ?? email));
    } catch (failure) {
      setError(fieldErrors(failure).email ?? errorMessage(failure));
    }
  };

  return (
    <section className={styles.offer} aria-label="Отправить подарок">
      <p className={styles.offerText}>
        Отправить подарок «{gift.title}» на {displayEmail(email)}?
      </p>
      {error && (
        <p className={styles.offerError} role="alert">
          {error}
        </p>
      )}
      <div className={styles.offerActions}>
        <Button onClick={() => void sendNow()} loading={send.isPending}>
          Отправить
        </Button>
        <Button variant="ghost" onClick={forget}>
          Не сейчас
        </Button>
      </div>
    </section>
  );
}
