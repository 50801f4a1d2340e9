import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { formatMoscowDate } from '@contract/moscow-date';
import {
  sendUnsubscribeReason,
  useUnsubscribeReasons,
  type UnsubscribeReasonCode,
} from '../../../../api/renewal';
import { Button } from '../../../../components/ui/button';
import { Skeleton } from '../../../../components/ui/skeleton';
import { ModalArt } from '../../../../components/modal/modal-art';
import { ModalShell } from '../../../../components/modal/modal-shell';
import { closeModal, openModal } from '../../../../components/modal/modal-store';
import { useRequestFailure } from './request-failure';
import type { SubscribeAnswerModalProps } from '../../../../components/modal/modal-props';
import form from '../../../../components/form/form.module.scss';
import content from '../../../../components/modal/modal-content.module.scss';
import styles from './subscribe-modal.module.scss';

const COMMENT_MAX = 1000;

/**
 * The styled «subscribe answer» modal: renewal is already off; why — only if the parent wants to say.
 * Skipping is as easy as answering.
 */
export default function SubscribeAnswerModal({ endsAt }: SubscribeAnswerModalProps) {
  const id = useId();
  const { data: reasons } = useUnsubscribeReasons();
  const {
    register,
    handleSubmit,
    watch,
    formState: { isSubmitting },
  } = useForm<{ reason: UnsubscribeReasonCode | null; comment: string }>({
    defaultValues: { reason: null, comment: '' },
  });
  const { failure, fail, clear } = useRequestFailure();
  const reason = watch('reason');
  const comment = watch('comment');

  const submit = handleSubmit(async (values) => {
    const text = values.comment.trim();
    // A comment alone is an answer too: it goes as «Другое».
    const chosen = values.reason ?? (text ? 'other' : null);
    if (!chosen) return;
    clear();
    try {
      await sendUnsubscribeReason(text ? { reason: chosen, comment: text } : { reason: chosen });
      openModal('thanks', {
        message: 'Ваш ответ поможет нам сделать школу лучше. Будем рады видеть вас снова!',
      });
    } catch (error) {
      fail(error);
    }
  });

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
                <input type="radio" value={item.code} {...register('reason')} />
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
            {...register('comment')}
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
          <Button type="submit" disabled={!reason && comment.trim() === ''} loading={isSubmitting}>
            Отправить
          </Button>
        </div>
      </form>
    </ModalShell>
  );
}
