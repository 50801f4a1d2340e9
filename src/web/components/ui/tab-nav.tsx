import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
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

/** Sub-navigation of a section as pill links; the current one is marked with aria-current. */
export function TabNav({ items, label, className }: TabNavProps) {
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // On a phone the tabs scroll sideways: bring the current one into view.
  useEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollLeft = current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);

  return (
    <nav ref={navRef} className={cx(styles.nav, className)} aria-label={label}>
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
