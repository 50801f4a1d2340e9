import type { ReactNode } from 'react';
import { formatMoscowDate } from '@contract/moscow-date';
import { plural, type PluralForms } from '@contract/plural';
import { renewal, useRenewal, type RenewalState } from '../../../api/renewal';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { openModal } from '../../../components/modal/modal-store';
import type { ConfirmModalProps } from '../../../components/modal/modal-props';
import { Panel } from '../panel';
import { cardTail } from './card-tail';
import { RenewalSwitch } from './renewal-switch';
import styles from './tariffs-page.module.scss';

/** «На 1–2 недели», «на 1–4 недели»: after «1–N» the word agrees with N. */
const WEEKS_GENITIVE: PluralForms = { one: 'неделю', few: 'недели', many: 'недель' };

/** The word that unlocks ending the subscription: access closes at once. */
const END_WORD = 'ЗАВЕРШИТЬ';

const LIMITS = 'Не больше 2\u00a0раз и 6\u00a0недель за 365\u00a0дней.';

/** One setting of the panel: what it is, what it means now, and its button. */
function Row({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <div className={styles.row}>
      <div>
        <p className={styles.rowTitle}>{title}</p>
        <p className={styles.muted}>{text}</p>
      </div>
      {action}
    </div>
  );
}

function ConfirmButton({ label, confirm }: { label: string; confirm: ConfirmModalProps }) {
  return (
    <Button variant="secondary" size="sm" onClick={() => openModal('confirm', confirm)}>
      {label}
    </Button>
  );
}

function pauseText(state: RenewalState): string {
  const weeks = state.pause_weeks_left;
  if (weeks === 0) return `Каникулы уже взяты. ${LIMITS}`;
  const span =
    weeks > 1 ? `На 1–${weeks}\u00a0${plural(weeks, WEEKS_GENITIVE)}` : 'На 1\u00a0неделю';
  return `${span}: уроки ждут, подписка и списание сдвигаются. ${LIMITS}`;
}

/** Auto-renewal, the saved card, «каникулы» and ending the subscription: everything that moves money or access. */
export function RenewalPanel() {
  const { data: state, isError } = useRenewal();
  if (!state) {
    return (
      <Panel title="Автопродление и карта">
        {isError ? (
          <p className={styles.muted}>Не удалось загрузить автопродление.</p>
        ) : (
          <Skeleton height={120} radius={16} />
        )}
      </Panel>
    );
  }
  // A family that never paid has nothing here yet: the consent is offered at checkout.
  if (!state.paid && !state.card && !state.active) return null;
  return (
    <Panel title="Автопродление и карта">
      <RenewalSwitch state={state} />

      <Row
        title="Сохранённая карта"
        text={
          state.card?.masked_pan
            ? `${cardTail(state.card.masked_pan)} — банк хранит её для автопродления; мы номер карты не видим.`
            : 'Нет сохранённой карты.'
        }
        action={
          state.card && (
            <ConfirmButton
              label="Удалить карту"
              confirm={{
                title: 'Удалить карту?',
                text: 'Банк забудет сохранённую карту, и автопродление выключится. Оплаченные дни останутся.',
                confirmText: 'Удалить карту',
                onConfirm: async () => {
                  await renewal.removeCard();
                },
              }}
            />
          )
        }
      />

      {state.paused_until ? (
        <Row
          title={`Каникулы до ${formatMoscowDate(state.paused_until)}`}
          text="Уроки откроются сами, когда каникулы закончатся. Можно вернуться раньше — неиспользованные дни уйдут из срока подписки."
          action={
            <ConfirmButton
              label="Закончить каникулы"
              confirm={{
                title: 'Закончить каникулы сегодня?',
                text: 'Уроки откроются сразу, а срок подписки и списание сдвинутся назад на неиспользованные дни.',
                confirmText: 'Закончить каникулы',
                tone: 'primary',
                onConfirm: async () => {
                  await renewal.resume();
                },
              }}
            />
          }
        />
      ) : (
        state.paid && (
          <Row
            title="Каникулы"
            text={pauseText(state)}
            action={
              state.pause_weeks_left > 0 && (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => openModal('subscribe', { mode: 'pause' })}
                >
                  Взять каникулы
                </Button>
              )
            }
          />
        )
      )}

      {state.paid && (
        <Row
          title="Завершить подписку сейчас"
          text="Уроки закроются сразу. Чтобы просто не платить дальше, достаточно выключить автопродление."
          action={
            <Button
              variant="ghost"
              size="sm"
              onClick={() =>
                openModal('confirm', {
                  title: 'Завершить подписку сейчас?',
                  text: 'Уроки закроются сразу, автопродление выключится. Деньги за оставшиеся дни сами не возвращаются — если нужен возврат, напишите в поддержку.',
                  confirmText: 'Завершить подписку',
                  prompt: {
                    label: `Напишите «${END_WORD}», чтобы подтвердить`,
                    expected: END_WORD,
                  },
                  onConfirm: async () => {
                    await renewal.end();
                  },
                })
              }
            >
              Завершить
            </Button>
          }
        />
      )}
    </Panel>
  );
}
