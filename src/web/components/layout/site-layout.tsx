import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { Header } from './header';
import { loadChunk } from '../../app/chunk';
import styles from './site-layout.module.scss';

// The footer is below the fold on every page: its chunk (and its data) must not hold up the first paint.
const Footer = lazy(() => loadChunk(() => import('./footer')));

/** Header, the page, footer. A skip link lets keyboard users jump straight to the content. */
export function SiteLayout() {
  return (
    <div className={styles.layout}>
      <a className={styles.skip} href="#content">
        К содержанию
      </a>
      <Header />
      <div id="content" className={styles.content} tabIndex={-1}>
        <Outlet />
      </div>
      <Suspense fallback={<div className={styles.footerSpace} />}>
        <Footer />
      </Suspense>
    </div>
  );
}
