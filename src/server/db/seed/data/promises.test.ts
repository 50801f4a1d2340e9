// Words match what exists: every link the parent-facing texts hold (FAQ, contacts, about, footer) leads
// to a screen that works today, and every paragraph that sends a parent to a screen still being built
// says «скоро». When a screen lands, move its path to LIVE and drop the «скоро» from its paragraphs.
import { describe, expect, it } from 'vitest';
import { company } from './company';
import { landing } from './landing';
import { pages } from './pages';

/** School paths whose screens work today (src/web/app/router.tsx: routes that are not `pending`). */
const LIVE = [
  '/',
  '/faq',
  '/programs/main-program',
  '/programs/additional-program',
  '/about/index',
  '/about/team',
  '/about/vacancy',
  '/about/contacts',
  '/personal/profile',
  '/personal/students',
  '/personal/tariffs',
  '/personal/gift',
  '/gift',
  '/video',
  '/skiped-weeks',
  '/subscribe',
  '/subscribe-gift',
  '/documents/confidentiality-policy',
  '/documents/license-agreement',
];

/** Screens that are placeholders today, by path and by the name a text would give them. */
const COMING = [
  { path: '/personal/help', names: ['«Помощь»', '«Поддержка»', '«Инструкции»'] },
  { path: '/unsubscribe', names: ['отписаться от рассылки'] },
];

const texts = [
  ...pages
    .filter((p) => ['faq', 'contacts', 'about', 'team', 'vacancy'].includes(p.slug))
    .map((p) => [`page ${p.slug}`, p.body_html] as const),
  ...landing.map((l) => [`footer ${l.key}`, String(l.key_values.footer_html)] as const),
];

/** Paragraphs (and list items), the unit a parent reads a promise in. */
function paragraphs(body: string): string[] {
  return body.split(/<\/?(?:p|li|summary)>/).filter((part) => part.trim() !== '');
}

/** Paths the text links to or spells out (`umnyashki.ru/gift`). */
function schoolPaths(text: string): string[] {
  const linked = [...text.matchAll(/href="(\/[^"#?]*)/g)].map((m) => m[1] ?? '');
  const spelled = [
    ...text.matchAll(new RegExp(`${company.site.replace('.', '\\.')}(/[\\w/-]*)`, 'g')),
  ].map((m) => m[1] ?? '');
  return [...linked, ...spelled];
}

/** A paragraph and the one after it: a FAQ answer may end with its own «скоро» note. */
const withNext = (all: string[], i: number): string => `${all[i] ?? ''} ${all[i + 1] ?? ''}`;

const isComing = (path: string) =>
  COMING.some((screen) => path === screen.path || path.startsWith(`${screen.path}/`));

describe('texts that send parents somewhere', () => {
  it.each(texts)('%s links only to screens that work today, or says «скоро»', (_, body) => {
    paragraphs(body).forEach((paragraph, i, all) => {
      for (const path of schoolPaths(paragraph)) {
        if (LIVE.includes(path)) continue;
        expect(isComing(path), `${path} is neither a live screen nor a known placeholder`).toBe(
          true,
        );
        expect(withNext(all, i), `${path} is not built yet`).toMatch(/скоро/);
      }
    });
  });

  it.each(texts)('%s names a screen still being built only beside «скоро»', (_, body) => {
    paragraphs(body).forEach((paragraph, i, all) => {
      for (const screen of COMING) {
        const named = screen.names.find((name) => paragraph.includes(name));
        if (named) {
          expect(withNext(all, i), `«${named}» (${screen.path}) without «скоро»`).toMatch(/скоро/);
        }
      }
    });
  });
});
