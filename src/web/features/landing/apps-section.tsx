import { usePublicConfig } from '../../api/config';
import { Owl } from '../../components/illustrations/owl';
import { Sparkle } from '../../components/illustrations/sparkle';
import { Container } from '../../components/ui/container';
import { StoreBadges } from '../../components/ui/store-badges';
import styles from './apps-section.module.scss';

/** docs/PRODUCT.md app-store links: the mobile app in both stores, links from the public config. */
export function AppsSection() {
  const { data: config } = usePublicConfig();
  return (
    <section className={styles.section} aria-labelledby="apps-title">
      <Container>
        <div className={styles.card}>
          <div className={styles.text}>
            <h2 id="apps-title">Уроки всегда под рукой</h2>
            <p className={styles.lead}>
              Установите приложение Школы Умняшек на телефон или планшет&nbsp;— занимайтесь в
              дороге, на даче и в очереди к врачу.
            </p>
            <div className={styles.badges}>
              {config && (
                <StoreBadges
                  appStoreUrl={config.app_store_url}
                  playStoreUrl={config.play_store_url}
                />
              )}
            </div>
          </div>
          <svg className={styles.phone} viewBox="0 0 280 250" aria-hidden="true">
            <rect x="60" y="10" width="160" height="280" rx="28" fill="#2b2350" />
            <rect x="70" y="22" width="140" height="260" rx="20" fill="#fff" />
            <rect x="118" y="30" width="44" height="8" rx="4" fill="#2b2350" />
            <rect x="82" y="170" width="116" height="14" rx="7" fill="#efeaff" />
            <rect x="82" y="192" width="80" height="14" rx="7" fill="#ffe8d6" />
            <rect x="82" y="214" width="116" height="36" rx="12" fill="#ff8a3d" />
            <Owl x={92} y={48} scale={0.48} />
            <Sparkle x={36} y={80} size={28} />
            <Sparkle x={246} y={140} size={22} color="#ff6fa8" />
            <circle cx="250" cy="60" r="9" fill="#4cb8f5" />
          </svg>
        </div>
      </Container>
    </section>
  );
}
