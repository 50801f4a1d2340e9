import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cx } from './cx';
import styles from './tab-nav.module.scss';

export interface TabNavItem {
  to: string;
  label: ReactNode;
  icon?: ReactNode;
}

export interface TabNavProps {
  items: TabNavItem[];
  /** What the navigation is, for screen readers: «Разделы о школе». */
  label: string;
  className?: string;
}

/**
 * Sub-navigation of a section as pill links, wrapping onto more rows on a phone so every tab stays in
 * sight; the current one is marked with aria-current.
 */
export function TabNav({ items, label, className }: TabNavProps) {
  return (
    <nav className={cx(styles.nav, className)} aria-label={label}>
      <ul className={styles.list} role="list">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              className={({ isActive }) => cx(styles.link, isActive && styles.active)}
            >
              {item.icon}
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
