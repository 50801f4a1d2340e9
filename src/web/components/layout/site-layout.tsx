import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { Header } from './header';
import { InsideMain } from './main-landmark';
import { loadChunk } from '../../lib/chunk';
import styles from './site-layout.module.scss';

// The footer is below the fold on every page: its chunk (and its data) must not hold up the first paint.
const Footer = lazy(() => loadChunk(() => import('./footer')));

/**
 * Header (banner), the page in the one <main>, footer (contentinfo). A skip link lets keyboard users jump
 * straight to the content.
 */
export function SiteLayout() {
  return (
    <div className={styles.layout}>
      <a className={styles.skip} href="#content">
        К содержанию
      </a>
      <Header />
      <main id="content" className={styles.content} tabIndex={-1}>
        <InsideMain.Provider value={true}>
          <Outlet />
        </InsideMain.Provider>
      </main>
      <Suspense fallback={<div className={styles.footerSpace} />}>
        <Footer />
      </Suspense>
    </div>
  );
}
