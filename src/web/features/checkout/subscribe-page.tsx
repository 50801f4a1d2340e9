import { useSearchParams } from 'react-router';
import { Container } from '../../components/ui/container';
import { PageHero } from '../../components/ui/page-hero';
import { SubscriptionCheckout } from './subscription-checkout';
import styles from './subscribe-page.module.scss';

/** `/subscribe`: a guest chooses a tariff (the landing's choice comes in ?tariff=&promo=), then registers and pays. */
export default function SubscribePage() {
  const [query] = useSearchParams();
  const tariff = Number(query.get('tariff'));
  return (
    <>
      <PageHero
        eyebrow="Подписка"
        title="Оформление подписки"
        lead="Выберите срок и число детей. Сначала — короткая регистрация, потом оплата картой."
      />
      <Container className={styles.page}>
        <SubscriptionCheckout
          initialTariffId={Number.isInteger(tariff) && tariff > 0 ? tariff : undefined}
          initialPromo={query.get('promo') ?? ''}
        />
      </Container>
    </>
  );
}
