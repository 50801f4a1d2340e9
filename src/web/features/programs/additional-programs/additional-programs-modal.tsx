import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { formatPrice } from '@contract/money';
import { useAdditionalPrograms } from '../../../api/catalog';
import { useProfile } from '../../../api/profile';
import { pathTo } from '../../../lib/routes';
import { ProgramIcon } from '../../../components/illustrations/program-icon';
import { FormAlert } from '../../../components/form/form-alert';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { toProgramCards } from '../program-cards';
import { ModalShell } from '../../../components/modal/modal-shell';
import { closeModal } from '../../../components/modal/modal-store';
import type { AdditionalProgramsModalProps } from '../../../components/modal/modal-props';
import { useProgramAccess } from './child-program-access';
import { ChildChoice, OfferChoice, offerLabel } from './program-choices';
import { useBuyProgram } from './use-buy-program';
import content from '../../../components/modal/modal-content.module.scss';
import styles from './additional-programs-modal.module.scss';

/**
 * The «additional-programs» modal: an additional program the family has not bought — its offers for
 * one, two or three children, which children get it, the total, and the payment at the bank.
 */
export default function AdditionalProgramsModal({ slug, childId }: AdditionalProgramsModalProps) {
  const catalogue = useAdditionalPrograms();
  const card = useMemo(
    () => (catalogue.data ? toProgramCards(catalogue.data).find((c) => c.key === slug) : undefined),
    [catalogue.data, slug],
  );

  if (!card) {
    return (
      <ModalShell title="Дополнительная программа">
        {catalogue.isPending ? (
          <div
            role="status"
            aria-busy="true"
            aria-label="Загружаем программу"
            className={styles.loading}
          >
            <Skeleton height={24} width="70%" />
            <Skeleton height={120} radius={16} />
          </div>
        ) : catalogue.isError ? (
          <ErrorState
            title="Не удалось загрузить программу"
            onRetry={() => void catalogue.refetch()}
            retrying={catalogue.isFetching}
          />
        ) : (
          <p className={content.text}>Этой программы сейчас нет в продаже.</p>
        )}
      </ModalShell>
    );
  }

  return (
    <ModalShell
      title={card.title}
      art={<ProgramIcon name={card.icon} className={styles.icon} />}
      size="md"
    >
      <p className={styles.description}>{card.description}</p>
      {card.locked || card.offers.length === 0 ? (
        <>
          <p className={styles.soon}>Программа скоро откроется&nbsp;— купить её пока нельзя.</p>
          <Button variant="secondary" onClick={closeModal}>
            Понятно
          </Button>
        </>
      ) : (
        <ProgramPurchase slug={slug} offers={card.offers} firstChildId={childId} />
      )}
    </ModalShell>
  );
}

interface PurchaseProps {
  slug: string;
  offers: { id: number; amount_children: number; price: number }[];
  firstChildId: number | undefined;
}

interface PurchaseValues {
  offerId: number;
  // The parent's ticks in the order given; null until the parent ticks anything.
  ticked: number[] | null;
}

function ProgramPurchase({ slug, offers, firstChildId }: PurchaseProps) {
  const id = useId();
  const profile = useProfile();
  const children = useMemo(() => profile.data?.children ?? [], [profile.data]);
  const access = useProgramAccess(children, slug);
  const { watch, setValue, handleSubmit } = useForm<PurchaseValues>({
    defaultValues: { offerId: offers[0]?.id ?? 0, ticked: null },
  });
  const offerId = watch('offerId');
  const ticked = watch('ticked');
  const offer = offers.find((o) => o.id === offerId) ?? offers[0];
  const { buy, busy, problem, clearProblem } = useBuyProgram();

  if (profile.isPending) return <Skeleton height={160} radius={16} />;
  if (!offer) return null;
  if (children.length === 0) {
    return (
      <>
        <p className={styles.soon}>Программу покупают для детей семьи. Сначала добавьте ребёнка.</p>
        <ButtonLink to={pathTo('students')} onClick={closeModal}>
          Добавить ребёнка
        </ButtonLink>
      </>
    );
  }

  const limit = offer.amount_children;
  const lacking = children.filter((c) => access.get(c.id) !== 'open');
  // Until the parent ticks: one child who lacks the program, the one watching if known.
  const first = lacking.find((c) => c.id === firstChildId) ?? lacking[0];
  // A child found to have the program already is never part of the purchase.
  const chosen = (ticked ?? (first ? [first.id] : []))
    .filter((childId) => access.get(childId) !== 'open')
    .slice(0, limit);
  const everyoneHasIt = lacking.length === 0;

  const chooseOffer = (next: number) => {
    clearProblem();
    setValue('offerId', next);
    const nextLimit = offers.find((o) => o.id === next)?.amount_children ?? limit;
    setValue('ticked', chosen.slice(0, nextLimit));
  };
  const tick = (childId: number, on: boolean) => {
    clearProblem();
    setValue('ticked', on ? [...chosen, childId] : chosen.filter((c) => c !== childId));
  };

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => void handleSubmit(() => buy(offer.id, chosen))(event)}
    >
      <OfferChoice name={`${id}-offer`} offers={offers} value={offer.id} onChange={chooseOffer} />
      <ChildChoice family={children} access={access} chosen={chosen} limit={limit} onTick={tick} />
      {everyoneHasIt ? (
        <p className={styles.soon}>Программа уже открыта всем детям семьи.</p>
      ) : (
        <div className={styles.summary}>
          <p className={styles.total}>
            <span>Итого</span>
            <span>{formatPrice(offer.price)}</span>
          </p>
          <p className={styles.note}>
            {offerLabel(offer.amount_children)}. Программа откроется выбранным детям, подписка для
            неё не нужна. Один платёж, оплата картой на странице банка.
          </p>
          <FormAlert message={problem} />
          <Button
            type="submit"
            size="lg"
            variant="accent"
            block
            loading={busy}
            disabled={chosen.length === 0}
          >
            Оплатить {formatPrice(offer.price)}
          </Button>
        </div>
      )}
    </form>
  );
}
