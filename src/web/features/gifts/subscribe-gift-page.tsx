import { GiftArt } from '../../components/layout/gift-art';
import { Container } from '../../components/ui/container';
import { PageHero } from '../../components/ui/page-hero';
import { pathTo } from '../../lib/routes';
import { readPayAfter } from '../checkout';
import { GiftBuyBlock } from './gift-buy-block';
import { HowGiftsWork } from './how-it-works';
import { useContinueWhenLoggedIn } from './use-continue-when-logged-in';
import styles from './gifts.module.scss';

/** subscribe-gift: a guest chooses a gift; buying asks them to register, then /personal/gift pays. */
export default function SubscribeGiftPage() {
  useContinueWhenLoggedIn(() => (readPayAfter()?.kind === 'gift' ? pathTo('gift') : null));
  return (
    <>
      <PageHero
        eyebrow="Подарок"
        title="Подписка в подарок"
        lead="Подарите занятия в Школе Умняшек ребёнку друзей или родных: сертификат действует год, а подписка начнётся в день, когда его активируют."
        aside={<GiftArt className={styles.heroArt} />}
      />
      <Container className={styles.page}>
        <GiftBuyBlock buyer="guest" />
        <HowGiftsWork />
      </Container>
    </>
  );
}
