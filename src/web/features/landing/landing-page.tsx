import { useCallback } from 'react';
import { useLandingData } from '../../api/content';
import { useSession } from '../../api/session';
import { smoothScrollTo } from '../../lib/scroll';
import { AppsSection } from './apps-section';
import { Deferred, RevealProvider, useFirstScroll } from './deferred';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { OfferSection } from './offer-section';
import { TariffsSection } from './tariffs/tariffs-section';
import { showsSubscriptionBlock } from './subscription-visibility';
import { VideoSection } from './video-section';
import styles from './landing-page.module.scss';

const TARIFFS_ID = 'tariffs';

/** The site header stays on top while scrolling: land the tariffs below it, not under it. */
function stickyHeaderHeight(): number {
  const header = document.querySelector('header');
  if (!header) return 0;
  const { position } = getComputedStyle(header);
  return position === 'sticky' || position === 'fixed' ? header.getBoundingClientRect().height : 0;
}

/** SPEC §1–2 landing: banner, then (after the first scroll) video, offer, apps and tariffs. */
export default function LandingPage() {
  const { data: landing } = useLandingData();
  const session = useSession();
  const [revealed, reveal] = useFirstScroll();
  const showTariffs = showsSubscriptionBlock(session);

  // Mount the lower sections first, then measure: the tariffs' place is final only once they are in.
  const chooseTariff = useCallback(() => {
    reveal();
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const target = document.getElementById(TARIFFS_ID);
        if (!target) return;
        const top = target.getBoundingClientRect().top + window.scrollY - stickyHeaderHeight();
        void smoothScrollTo(top);
      }),
    );
  }, [reveal]);

  return (
    <RevealProvider revealed={revealed}>
      <HeroSection landing={landing} showTariffs={showTariffs} onChooseTariff={chooseTariff} />
      <Deferred className={styles.video}>
        <VideoSection landing={landing} />
      </Deferred>
      <Deferred className={styles.how}>
        <HowItWorksSection />
      </Deferred>
      <Deferred className={styles.offer}>
        {landing && (
          <OfferSection landing={landing} onChooseTariff={showTariffs ? chooseTariff : undefined} />
        )}
      </Deferred>
      <Deferred className={styles.apps}>
        <AppsSection />
      </Deferred>
      {showTariffs && (
        <Deferred className={styles.tariffs} id={TARIFFS_ID}>
          <TariffsSection />
        </Deferred>
      )}
    </RevealProvider>
  );
}
