import { Link } from 'react-router';
import { Owl } from '../illustrations/owl';
import { pathTo } from '../../app/routes';
import styles from './logo.module.scss';

/** «Школа Умняшек» with Умняшка the owl; links home. */
export function Logo({ inverted = false, onClick }: { inverted?: boolean; onClick?: () => void }) {
  return (
    <Link
      to={pathTo('index')}
      className={styles.logo}
      data-inverted={inverted || undefined}
      aria-label="Школа Умняшек — на главную"
      onClick={onClick}
    >
      <svg className={styles.mark} viewBox="4 -4 192 256" aria-hidden="true">
        <Owl />
      </svg>
      <span className={styles.words} aria-hidden="true">
        <span className={styles.school}>Школа</span>
        <span className={styles.name}>Умняшек</span>
      </span>
    </Link>
  );
}
