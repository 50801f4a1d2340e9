import { PAGE_SLUGS } from '@contract/api/content';
import { pathTo, type RouteName } from '../../lib/routes';

/** The about section's pages: route name, page slug of GET /api/page/{slug}, tab label. */
export const ABOUT_SECTIONS = [
  { route: 'about-index', slug: PAGE_SLUGS.about, label: 'О школе' },
  { route: 'about-team', slug: PAGE_SLUGS.team, label: 'Команда' },
  { route: 'about-vacancy', slug: PAGE_SLUGS.vacancy, label: 'Вакансии' },
  { route: 'about-contacts', slug: PAGE_SLUGS.contacts, label: 'Контакты' },
] as const satisfies readonly { route: RouteName; slug: string; label: string }[];

export type AboutSection = (typeof ABOUT_SECTIONS)[number];

export function aboutSectionOf(pathname: string): AboutSection {
  return (
    ABOUT_SECTIONS.find((section) => pathname.startsWith(pathTo(section.route))) ??
    ABOUT_SECTIONS[0]
  );
}
