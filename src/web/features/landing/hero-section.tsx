import type { LandingData } from '@contract/api/content';
import { TRIAL_DAYS } from '@contract/constants';
import { DAYS, pluralize } from '@contract/plural';
import { HeroIllustration } from '../../components/illustrations/hero-illustration';
import { ArrowRightIcon, CheckIcon } from '../../components/illustrations/icons';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { Container } from '../../components/ui/container';
import { OnePlace } from '../../components/ui/one-place';
import { Skeleton } from '../../components/ui/skeleton';
import { pathTo } from '../../lib/routes';
import styles from './hero-section.module.scss';

export interface HeroSectionProps {
  landing: LandingData | undefined;
  /** Whether the subscription block is on the page: the button leads there, else to the lessons. */
  showTariffs: boolean;
  onChooseTariff: () => void;
}

/** docs/PRODUCT.md banner: banner_text as the page's h1, banner_description, the promo button. */
export function HeroSection({ landing, showTariffs, onChooseTariff }: HeroSectionProps) {
  return (
    <section className={styles.hero} aria-labelledby="landing-title">
      <Container>
        <div className={styles.inner}>
          <div className={styles.text}>
            <h1 id="landing-title" className={styles.title}>
              {landing ? landing.banner_text : <Skeleton lines={2} />}
            </h1>
            <p className={styles.description}>
              {landing ? landing.banner_description : <Skeleton lines={4} />}
            </p>
            <div className={styles.actions}>
              {!landing ? (
                // About the width of the usual promo button, so the row wraps as it will with the text.
                <Skeleton width={310} height={58} radius={999} />
              ) : (
                // One place for both: a parent's banner swaps them without moving «Программы».
                <OnePlace
                  shown={showTariffs ? 'promo' : 'lessons'}
                  options={{
                    promo: (
                      <Button size="lg" variant="accent" onClick={onChooseTariff}>
                        {landing.promo_button}
                      </Button>
                    ),
                    lessons: (
                      <ButtonLink to={pathTo('video')} size="lg" variant="accent">
                        К урокам
                      </ButtonLink>
                    ),
                  }}
                />
              )}
              <ButtonLink
                to={pathTo('programs')}
                size="lg"
                variant="ghost"
                iconEnd={<ArrowRightIcon size={20} />}
              >
                Программы
              </ButtonLink>
            </div>
            <ul className={styles.trust} role="list">
              <li>
                <CheckIcon size={22} />
                Для детей 2–7 лет
              </li>
              <li>
                <CheckIcon size={22} />
                {pluralize(TRIAL_DAYS, DAYS)} бесплатно
              </li>
              <li>
                <CheckIcon size={22} />
                Отмена продления в один клик
              </li>
            </ul>
          </div>
          <div className={styles.art}>
            <HeroIllustration />
          </div>
        </div>
      </Container>
    </section>
  );
}
