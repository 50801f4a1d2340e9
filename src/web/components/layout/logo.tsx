import { Link } from 'react-router';
import { Owl } from '../illustrations/owl';
import { pathTo } from '../../lib/routes';
import styles from './logo.module.scss';

/** «Школа Умняшек» with Умняшка the owl; links home. */
export function Logo({ inverted = false, onClick }: { inverted?: boolean; onClick?: () => void }) {
  return (
    <Link
      to={pathTo('index')}
      className={styles.logo}
      data-inverted={inverted || undefined}
      onClick={onClick}
    >
      <svg className={styles.mark} viewBox="4 -4 192 256" aria-hidden="true">
        <Owl />
      </svg>
      {/* The name is the visible words plus where the link leads (WCAG 2.5.3: the label is in the name). */}
      <span className={styles.words}>
        <span className={styles.school}>Школа</span> <span className={styles.name}>Умняшек</span>
      </span>
      <span className="visually-hidden">, на главную</span>
    </Link>
  );
}
