import { useState } from 'react';
import { formatMoscowDate } from '@contract/moscow-date';
import { renewal, useRenewal } from '../../../../api/renewal';
import { Button } from '../../../../components/ui/button';
import { Skeleton } from '../../../../components/ui/skeleton';
import { ModalShell } from '../../../../components/modal/modal-shell';
import { closeModal, openModal } from '../../../../components/modal/modal-store';
import { PauseOffer } from './pause-offer';
import { useRequestFailure } from './request-failure';
import type { SubscribeModalProps } from '../../../../components/modal/modal-props';
import content from '../../../../components/modal/modal-content.module.scss';
import styles from './subscribe-modal.module.scss';

/**
 * The styled «subscribe» modal: the refusal of auto-renewal, one click away, with a pause offered
 * before it (a family going on holiday need not cancel); or the pause alone.
 */
export default function SubscribeModal({ mode }: SubscribeModalProps) {
  const { data: state } = useRenewal();
  const [busy, setBusy] = useState(false);
  const { failure, fail, clear } = useRequestFailure();
  // The end of all paid time: a period bought ahead counts too.
  const endsAt = state?.paid_until ?? null;
  const canPause = !!state && !!endsAt && state.paid && state.pause_weeks_left > 0;

  const cancel = async () => {
    clear();
    setBusy(true);
    try {
      await renewal.cancel();
      openModal('subscribe-answer', { endsAt });
    } catch (error) {
      fail(error);
      setBusy(false);
    }
  };

  if (mode === 'pause') {
    return (
      <ModalShell title="Каникулы" size="md">
        {state && endsAt ? (
          canPause ? (
            <PauseOffer
              state={state}
              endsAt={endsAt}
              lead="Уроки подождут вас: оплаченные дни не сгорят, а срок подписки сдвинется на время каникул. Закончить их можно раньше."
            />
          ) : (
            <p className={content.text}>{pauseUnavailable(state.paused_until)}</p>
          )
        ) : (
          <Skeleton height={220} radius={16} />
        )}
      </ModalShell>
    );
  }

  return (
    <ModalShell title="Отключить автопродление?" size="md">
      {state ? (
        <div className={styles.body}>
          <p className={content.textLeft}>
            {endsAt
              ? `Подписка будет действовать до ${formatMoscowDate(endsAt)}, дальше с карты ничего не спишется.`
              : 'Дальше с карты ничего не спишется.'}
          </p>
          {canPause && endsAt && (
            <PauseOffer
              state={state}
              endsAt={endsAt}
              question="Может, лучше каникулы?"
              lead="Если нужен перерыв (дача, отпуск, болезнь), возьмите каникулы: уроки подождут, оплаченные дни не сгорят, а подписка и списание сдвинутся."
            />
          )}
          {failure && (
            <p className={styles.error} role="alert">
              {failure}
            </p>
          )}
          <div className={`${content.actions} ${styles.stacked}`}>
            <Button variant="secondary" onClick={closeModal} autoFocus>
              Оставить автопродление
            </Button>
            <Button variant="ghost" loading={busy} onClick={() => void cancel()}>
              Отключить автопродление
            </Button>
          </div>
        </div>
      ) : (
        <Skeleton height={220} radius={16} />
      )}
    </ModalShell>
  );
}

function pauseUnavailable(pausedUntil: string | null): string {
  if (pausedUntil) return `Каникулы уже идут — до ${formatMoscowDate(pausedUntil)}.`;
  return 'Каникулы можно брать не больше 2\u00a0раз и 6\u00a0недель за 365\u00a0дней, и только при оплаченной подписке — сейчас их взять нельзя.';
}
