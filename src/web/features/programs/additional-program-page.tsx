import { useMemo } from 'react';
import { useAdditionalPrograms } from '../../api/catalog';
import { useSession } from '../../api/session';
import { openModal } from '../../components/modal/modal-store';
import { Skeleton } from '../../components/ui/skeleton';
import { FALLBACK_PROGRAMS, toProgramCards } from './program-cards';
import { ProgramCardView } from './program-card-view';
import styles from './additional-program-page.module.scss';

/** docs/PRODUCT.md «Screens and routes» additional-program: the catalogue's programs; the static list when the call fails (docs/PRODUCT.md «Product rules»). */
export default function AdditionalProgramPage() {
  const { data, isError, isPending } = useAdditionalPrograms();
  const { isLoggedIn } = useSession();
  // A parent buys for the family's children; a guest registers first.
  const buy = (slug: string) =>
    isLoggedIn ? openModal('additional-programs', { slug }) : openModal('register');
  const cards = useMemo(
    () => (data ? toProgramCards(data) : isError ? FALLBACK_PROGRAMS : []),
    [data, isError],
  );

  if (isPending) {
    return (
      <ul className={styles.grid} role="list" aria-busy="true" aria-label="Загрузка программ">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i}>
            <Skeleton className={styles.skeletonCard} width="100%" radius={24} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      {!data && (
        <p className={styles.notice} role="status">
          Не удалось загрузить цены&nbsp;— показываем программы школы. Загляните чуть позже.
        </p>
      )}
      <ul className={styles.grid} role="list">
        {cards.map((card) => (
          <li key={card.key}>
            <ProgramCardView
              card={card}
              withLessons={data !== undefined}
              {...(data ? { onBuy: () => buy(card.key) } : {})}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
