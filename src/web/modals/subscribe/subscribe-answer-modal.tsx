import { useId, useState, type FormEvent } from 'react';
import { formatMoscowDate } from '@contract/moscow-date';
import {
  sendUnsubscribeReason,
  useUnsubscribeReasons,
  type UnsubscribeReasonCode,
} from '../../api/renewal';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { ModalArt } from '../modal-art';
import { ModalShell } from '../modal-shell';
import { closeModal, openModal } from '../modal-store';
import { useRequestFailure } from './request-failure';
import type { SubscribeAnswerModalProps } from './subscribe-props';
import form from '../../components/form/form.module.scss';
import content from '../modal-content.module.scss';
import styles from './subscribe-modal.module.scss';

const COMMENT_MAX = 1000;

/**
 * SPEC's styled «subscribe answer» modal: renewal is already off; why — only if the parent wants to say.
 * Skipping is as easy as answering.
 */
export default function SubscribeAnswerModal({ endsAt }: SubscribeAnswerModalProps) {
  const id = useId();
  const { data: reasons } = useUnsubscribeReasons();
  const [reason, setReason] = useState<UnsubscribeReasonCode | null>(null);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const { failure, fail, clear } = useRequestFailure();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = comment.trim();
    // A comment alone is an answer too: it goes as «Другое».
    const chosen = reason ?? (text ? 'other' : null);
    if (!chosen || busy) return;
    clear();
    setBusy(true);
    try {
      await sendUnsubscribeReason(text ? { reason: chosen, comment: text } : { reason: chosen });
      openModal('thanks', {
        message: 'Ваш ответ поможет нам сделать школу лучше. Будем рады видеть вас снова!',
      });
    } catch (error) {
      fail(error);
      setBusy(false);
    }
  };

  return (
    <ModalShell title="Автопродление отключено" size="md" art={<ModalArt kind="success" />}>
      <form className={form.form} onSubmit={(event) => void submit(event)} noValidate>
        <p className={content.text}>
          {endsAt
            ? `Подписка действует до ${formatMoscowDate(endsAt)}, с карты больше ничего не спишется.`
            : 'С карты больше ничего не спишется.'}{' '}
          Подскажете, почему решили отключить? Это необязательно.
        </p>
        {reasons ? (
          <fieldset className={styles.reasons}>
            <legend className={styles.legend}>Причина</legend>
            {reasons.map((item) => (
              <label key={item.code} className={styles.reason}>
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={item.code}
                  checked={reason === item.code}
                  onChange={() => setReason(item.code)}
                />
                <span>{item.title}</span>
              </label>
            ))}
          </fieldset>
        ) : (
          <Skeleton height={180} radius={16} />
        )}
        <div className={form.field}>
          <label className={form.label} htmlFor={`${id}-comment`}>
            Комментарий (по желанию)
          </label>
          <textarea
            id={`${id}-comment`}
            className={`${form.input} ${styles.comment}`}
            rows={3}
            maxLength={COMMENT_MAX}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
        </div>
        {failure && (
          <p className={styles.error} role="alert">
            {failure}
          </p>
        )}
        <div className={content.actions}>
          <Button variant="secondary" onClick={closeModal}>
            Пропустить
          </Button>
          <Button type="submit" disabled={!reason && comment.trim() === ''} loading={busy}>
            Отправить
          </Button>
        </div>
      </form>
    </ModalShell>
  );
}
