import type { LandingData } from '@contract/api/content';
import { StarIcon } from '../../components/illustrations/icons';
import { Button } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import styles from './offer-section.module.scss';

// A sunny starburst behind the percentage: 16 rays drawn once.
const BURST = Array.from({ length: 32 }, (_, i) => {
  const angle = (Math.PI * i) / 16;
  const radius = i % 2 === 0 ? 50 : 42;
  return `${(50 + radius * Math.sin(angle)).toFixed(1)},${(50 - radius * Math.cos(angle)).toFixed(1)}`;
}).join(' ');

export interface OfferSectionProps {
  landing: LandingData;
  /** Scroll to the tariffs; absent when the subscription block is not shown. */
  onChooseTariff?: () => void;
}

/** docs/PRODUCT.md offer block: the percentage discount, special_text and promo_text. */
export function OfferSection({ landing, onChooseTariff }: OfferSectionProps) {
  return (
    <section className={styles.section} aria-labelledby="offer-title">
      <Container>
        <div className={styles.card}>
          <div className={styles.burst}>
            <svg viewBox="0 0 100 100" aria-hidden="true">
              <polygon
                points={BURST}
                fill="#ffc93c"
                strokeLinejoin="round"
                stroke="#ffc93c"
                strokeWidth="3"
              />
            </svg>
            <p className={styles.percent}>
              <span className={styles.percentValue}>−{landing.offer_percent}&nbsp;%</span>
              <span className={styles.percentLabel}>выгода</span>
            </p>
          </div>
          <div className={styles.text}>
            <span className={styles.eyebrow}>Специальное предложение</span>
            <h2 id="offer-title" className={styles.title}>
              {landing.special_text}
            </h2>
            <p className={styles.promo}>
              <StarIcon size={22} />
              <span>{landing.promo_text}</span>
            </p>
            {onChooseTariff && (
              <Button variant="accent" size="lg" onClick={onChooseTariff}>
                Выбрать подписку
              </Button>
            )}
          </div>
        </div>
      </Container>
    </section>
  );
}
