import { pathTo } from '../../app/routes';
import { useSession } from '../../api/session';
import { ButtonLink } from '../ui/button-link';
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
 * SPEC §2 footer gift block: «Купить в ПОДАРОК» leads a logged-in parent to gift, a guest to
 * subscribe-gift; parents who already study with us see it in other colours, with other words.
 *
 * A server-rendered page shows a signed-in parent the guest's block until their profile arrives. Both
 * texts are laid out in one cell (the other one invisible), so the switch never changes the block's size
 * or moves the button: a tap aimed at it while the profile loads still lands on it.
 */
export function GiftBlock() {
  const { isLoggedIn, profile } = useSession();
  const shown: Layout = profile?.subscription ? 'subscribed' : 'default';

  return (
    <section className={styles.block} data-layout={shown} aria-labelledby={`gift-block-${shown}`}>
      <GiftArt className={styles.art} />
      <div className={styles.texts}>
        {(Object.keys(TEXTS) as Layout[]).map((layout) => (
          <div
            key={layout}
            className={styles.text}
            data-variant={layout}
            aria-hidden={layout !== shown || undefined}
          >
            <h2 id={`gift-block-${layout}`} className={styles.title}>
              {TEXTS[layout].title}
            </h2>
            <p className={styles.lead}>{TEXTS[layout].lead}</p>
          </div>
        ))}
      </div>
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
