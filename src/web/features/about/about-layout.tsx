import { Outlet, useLocation } from 'react-router';
import { usePage } from '../../api/content';
import { pathTo } from '../../lib/routes';
import { Owl } from '../../components/illustrations/owl';
import { Sparkle } from '../../components/illustrations/sparkle';
import { Container } from '../../components/ui/container';
import { PageHero } from '../../components/ui/page-hero';
import { Skeleton } from '../../components/ui/skeleton';
import { TabNav } from '../../components/ui/tab-nav';
import { AboutAside } from './about-aside';
import { ABOUT_SECTIONS, aboutSectionOf } from './about-sections';
import styles from './about-layout.module.scss';

const TABS = ABOUT_SECTIONS.map((section) => ({ to: pathTo(section.route), label: section.label }));

/** docs/PRODUCT.md «Screens and routes» about: one band with the page title and the sub-navigation, the page body below. */
export default function AboutLayout() {
  const { pathname } = useLocation();
  const section = aboutSectionOf(pathname);
  // The same query the page body reads: the title arrives with the text, in one request.
  const { data: page, isError } = usePage(section.slug);
  const title =
    page?.title ?? (isError ? section.label : <Skeleton inline width="min(420px, 80%)" />);
  return (
    <>
      <PageHero
        eyebrow="О нас"
        title={title}
        aside={
          <svg className={styles.art} viewBox="-20 -20 240 290" aria-hidden="true">
            <Owl />
            <Sparkle x={0} y={40} size={26} />
            <Sparkle x={200} y={120} size={20} color="#ff6fa8" />
          </svg>
        }
      >
        <TabNav items={TABS} label="Разделы о школе" />
      </PageHero>
      <Container>
        <div className={styles.layout}>
          <div>
            <Outlet />
          </div>
          <AboutAside />
        </div>
      </Container>
    </>
  );
}
