import { useBoughtGifts } from '../../api/store';
import { ErrorState } from '../../components/ui/error-state';
import { Skeleton } from '../../components/ui/skeleton';
import { GiftArt } from '../../components/layout/gift-art';
import { Panel } from '../personal';
import { GiftCard } from './gift-card';
import { SendOffer } from './send-offer';
import styles from './gifts.module.scss';

/** «Мои подарки»: every certificate the parent bought, newest first. */
export function MyGifts() {
  const { data: gifts, isError, isFetching, refetch } = useBoughtGifts();

  let body;
  if (gifts && gifts.length === 0) {
    body = (
      <div className={styles.empty}>
        <GiftArt className={styles.emptyArt} />
        <p className={styles.emptyTitle}>Подарков пока нет</p>
        <p className={styles.emptyText}>
          Купленные подарки появятся здесь: с кодом, сроком действия и кнопкой «Отправить на почту».
        </p>
      </div>
    );
  } else if (gifts) {
    body = (
      <>
        <SendOffer gifts={gifts} />
        <ul className={styles.gifts} role="list">
          {gifts.map((gift) => (
            <GiftCard key={gift.id} gift={gift} />
          ))}
        </ul>
      </>
    );
  } else if (isError) {
    body = (
      <ErrorState
        compact
        title="Не удалось загрузить подарки"
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  } else {
    body = (
      <div className={styles.loading} role="status" aria-busy="true" aria-label="Загружаем подарки">
        <Skeleton height={140} radius={20} />
      </div>
    );
  }

  return <Panel title="Мои подарки">{body}</Panel>;
}
