import { AppleIcon, GooglePlayIcon } from '../illustrations/icons';
import { cx } from './cx';
import styles from './store-badges.module.scss';

export interface StoreBadgesProps {
  appStoreUrl: string;
  playStoreUrl: string;
  /** For dark backgrounds (the footer). */
  tone?: 'dark' | 'light';
  className?: string;
}

/** «Загрузите в App Store» / «Доступно в Google Play»: our own badges, links from the public config. */
export function StoreBadges({
  appStoreUrl,
  playStoreUrl,
  tone = 'dark',
  className,
}: StoreBadgesProps) {
  return (
    <ul className={cx(styles.list, tone === 'light' && styles.light, className)} role="list">
      <li>
        <a className={styles.badge} href={appStoreUrl} target="_blank" rel="noopener noreferrer">
          <AppleIcon size={28} />
          <span className={styles.text}>
            <span className={styles.small}>Загрузите в</span>
            <span className={styles.big}>App Store</span>
          </span>
        </a>
      </li>
      <li>
        <a className={styles.badge} href={playStoreUrl} target="_blank" rel="noopener noreferrer">
          <GooglePlayIcon size={26} />
          <span className={styles.text}>
            <span className={styles.small}>Доступно в</span>
            <span className={styles.big}>Google Play</span>
          </span>
        </a>
      </li>
    </ul>
  );
}
