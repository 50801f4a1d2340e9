import { useCallback } from 'react';
import { useLandingData } from '../../api/content';
import { useSession } from '../../api/session';
import { smoothScrollTo } from '../../lib/scroll';
import { Deferred, RevealProvider, useFirstScroll } from './deferred';
import { HeroSection } from './hero-section';
import { loadLowerSections } from './lower-sections-loader';
import { showsSubscriptionBlock } from './subscription-visibility';
import styles from './landing-page.module.scss';

const TARIFFS_ID = 'tariffs';

/** The site header stays on top while scrolling: land the tariffs below it, not under it. */
function stickyHeaderHeight(): number {
  const header = document.querySelector('header');
  if (!header) return 0;
  const { position } = getComputedStyle(header);
  return position === 'sticky' || position === 'fixed' ? header.getBoundingClientRect().height : 0;
}

/** docs/PRODUCT.md–2 landing: banner, then (after the first scroll) video, offer, apps and tariffs. */
export default function LandingPage() {
  const { data: landing } = useLandingData();
  const session = useSession();
  const [revealed, reveal] = useFirstScroll();
  const showTariffs = showsSubscriptionBlock(session);

  // Mount the lower sections first (their code, then a render), then measure: the tariffs' place is
  // final only once the sections above them are in.
  const chooseTariff = useCallback(() => {
    const scroll = () => {
      const target = document.getElementById(TARIFFS_ID);
      if (!target) return;
      const top = target.getBoundingClientRect().top + window.scrollY - stickyHeaderHeight();
      void smoothScrollTo(top);
    };
    void loadLowerSections()
      .catch(() => undefined)
      .then(() => {
        reveal();
        requestAnimationFrame(() => requestAnimationFrame(scroll));
      });
  }, [reveal]);

  return (
    <RevealProvider revealed={revealed}>
      <HeroSection landing={landing} showTariffs={showTariffs} onChooseTariff={chooseTariff} />
      <Deferred className={styles.video}>
        {({ VideoSection }) => <VideoSection landing={landing} />}
      </Deferred>
      <Deferred className={styles.how}>{({ HowItWorksSection }) => <HowItWorksSection />}</Deferred>
      <Deferred className={styles.offer}>
        {({ OfferSection }) =>
          landing && (
            <OfferSection
              landing={landing}
              onChooseTariff={showTariffs ? chooseTariff : undefined}
            />
          )
        }
      </Deferred>
      <Deferred className={styles.apps}>{({ AppsSection }) => <AppsSection />}</Deferred>
      {showTariffs && (
        <Deferred className={styles.tariffs} id={TARIFFS_ID}>
          {({ TariffsSection }) => <TariffsSection />}
        </Deferred>
      )}
    </RevealProvider>
  );
}
