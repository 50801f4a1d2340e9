import { pathTo } from '../../app/routes';
import { useSession } from '../../api/session';
import { ButtonLink } from '../ui/button-link';
import { GiftArt } from './gift-art';
import { scrollToTopAfterDelay } from '../../lib/scroll';
import { GIFT_CERTIFICATE_VALID_DAYS } from '@contract/constants';
import { MONTHS, pluralize } from '@contract/plural';
import styles from './gift-block.module.scss';

/**
 * SPEC §2 footer gift block: «Купить в ПОДАРОК» leads a logged-in parent to gift, a guest to
 * subscribe-gift. Parents who already study with us see a slimmer strip.
 */
export function GiftBlock() {
  const { isLoggedIn, profile } = useSession();
  const subscribed = Boolean(profile?.subscription);
  const to = pathTo(isLoggedIn ? 'gift' : 'subscribe-gift');
  const validMonths = Math.round(GIFT_CERTIFICATE_VALID_DAYS / 30.5);

  return (
    <section
      className={styles.block}
      data-layout={subscribed ? 'subscribed' : 'default'}
      aria-labelledby="gift-block-title"
    >
      <GiftArt className={styles.art} />
      <div className={styles.text}>
        <h2 id="gift-block-title" className={styles.title}>
          {subscribed ? 'Вам нравится? Подарите друзьям!' : 'Подарите знания'}
        </h2>
        <p className={styles.lead}>
          {subscribed
            ? 'Подписка в подарок — приятный повод для маленьких друзей вашего ребёнка заниматься вместе.'
            : `Подписка на Школу Умняшек — подарок, который радует каждый день. Сертификат действует ${pluralize(validMonths, MONTHS)}: его можно активировать в любой момент.`}
        </p>
      </div>
      <ButtonLink
        to={to}
        variant={subscribed ? 'accent' : 'secondary'}
        size="lg"
        className={styles.button}
        onClick={() => scrollToTopAfterDelay()}
      >
        Купить в ПОДАРОК
      </ButtonLink>
    </section>
  );
}
