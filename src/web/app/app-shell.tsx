import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigation, useNavigationType } from 'react-router';
import { documentTitle, useRouteMeta } from '../lib/route-meta';
import { isLandingModal } from '../lib/routes';
import { ModalRoot } from './modal-root';
import { SocialNotice } from './social-notice';
import { Toasts } from '../components/toast/toasts';
import { DemoRibbon } from '../components/layout/demo-ribbon';
import { scrollToTopAfterDelay, topSection } from '../lib/scroll';
import { trackPageView } from '../lib/analytics';
import { useAfterHydration } from './after-hydration';
import { usePendingInvitation } from './pending-invitation';
import styles from './app-shell.module.scss';

function sectionOf(pathname: string): string {
  const section = topSection(pathname);
  return isLandingModal(section) ? '' : section;
}

/** Titles from route meta (docs/PRODUCT.md «Screens and routes»); pages may refine them later with their own data. */
function TitleFromRoute() {
  const { title } = useRouteMeta();
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return null;
}

/** docs/PRODUCT.md «Screens and routes»: moving between different top sections scrolls to the top 400 ms later. */
function ScrollOnSectionChange() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef(sectionOf(pathname));

  useEffect(() => {
    const section = sectionOf(pathname);
    if (section !== previous.current && navigationType !== 'POP') scrollToTopAfterDelay();
    previous.current = section;
  }, [pathname, navigationType]);
  return null;
}

/** Metrika hits of the SPA's own navigations. */
function PageViews() {
  const { pathname, search } = useLocation();
  const previous = useRef<string | undefined>(undefined);
  useEffect(() => {
    const url = `${window.location.origin}${pathname}${search}`;
    trackPageView(url, previous.current);
    previous.current = url;
  }, [pathname, search]);
  return null;
}

/** A thin bar at the top while the next page's chunk or data is on its way. */
function NavigationProgress() {
  const navigation = useNavigation();
  return (
    <div
      className={styles.progress}
      data-active={navigation.state !== 'idle' || undefined}
      role="progressbar"
      aria-hidden={navigation.state === 'idle'}
      aria-label="Загрузка страницы"
    />
  );
}

export function AppShell() {
  useAfterHydration();
  usePendingInvitation();
  return (
    <>
      <NavigationProgress />
      <TitleFromRoute />
      <ScrollOnSectionChange />
      <PageViews />
      <Outlet />
      <DemoRibbon />
      <ModalRoot />
      <SocialNotice />
      <Toasts />
    </>
  );
}
