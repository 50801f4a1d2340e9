import { pathTo } from '../../lib/routes';
import { useSession } from '../../api/session';
import { ButtonLink } from '../ui/button-link';
import { cx } from '../ui/cx';
import { OnePlace } from '../ui/one-place';
import { GiftArt } from './gift-art';
import { scrollToTopAfterDelay } from '../../lib/scroll';
import { GIFT_CERTIFICATE_VALID_DAYS } from '@contract/constants';
import { MONTHS, pluralize } from '@contract/plural';
import styles from './gift-block.module.scss';

const VALID_MONTHS = Math.round(GIFT_CERTIFICATE_VALID_DAYS / 30.5);

const TEXTS = {
  default: {
    title: 'Подарите знания',
    lead: `Подписка на Школу Умняшек — подарок, который радует каждый день. Сертификат действует ${pluralize(VALID_MONTHS, MONTHS)}: его можно активировать в любой момент.`,
  },
  subscribed: {
    title: 'Вам нравится? Подарите друзьям!',
    lead: 'Подписка в подарок — приятный повод для маленьких друзей вашего ребёнка заниматься вместе.',
  },
} as const;

type Layout = keyof typeof TEXTS;

/**
 * docs/PRODUCT.md «Screens and routes» footer gift block: «Купить в ПОДАРОК» leads a logged-in parent to gift, a guest to
 * subscribe-gift; parents who already study with us see it in other colours, with other words. Both texts
 * take one place, so the block keeps its size when a parent's profile arrives after the page is shown.
 */
export function GiftBlock() {
  const { isLoggedIn, profile } = useSession();
  const shown: Layout = profile?.subscription ? 'subscribed' : 'default';
  const text = (layout: Layout) => (
    <div className={styles.text}>
      <h2
        id={`gift-block-${layout}`}
        className={cx(styles.title, layout === 'subscribed' && styles.titleSmall)}
      >
        {TEXTS[layout].title}
      </h2>
      <p className={cx(styles.lead, layout === 'subscribed' && styles.leadMuted)}>
        {TEXTS[layout].lead}
      </p>
    </div>
  );

  return (
    <section className={styles.block} data-layout={shown} aria-labelledby={`gift-block-${shown}`}>
      <GiftArt className={styles.art} />
      <OnePlace
        className={styles.texts}
        optionClassName={styles.option}
        shown={shown}
        options={{ default: text('default'), subscribed: text('subscribed') }}
      />
      <ButtonLink
        to={pathTo(isLoggedIn ? 'gift' : 'subscribe-gift')}
        variant={shown === 'subscribed' ? 'accent' : 'secondary'}
        size="lg"
        className={styles.button}
        onClick={() => scrollToTopAfterDelay()}
      >
        Купить в ПОДАРОК
      </ButtonLink>
    </section>
  );
}
