// Words match what exists. Every screen of the school works today (src/contract/routes.ts is what the web
// mounts, and its router test holds it to that), so the parent-facing texts link only to those screens and
// never promise one «скоро»: a text that does is wrong the day it ships. Programs not on sale yet are marked
// «скоро» in the catalogue, not here.
import { describe, expect, it } from 'vitest';
import { ROUTES } from '@contract/routes';
import { company } from './company';
import { instructions } from './instructions';
import { landing } from './landing';
import { pages } from './pages';

const texts = [
  ...pages.map((p) => [`page ${p.slug}`, p.body_html] as const),
  ...instructions.map((i) => [`instruction ${i.slug}`, i.body_html] as const),
  ...landing.map((l) => [`footer ${l.key}`, String(l.key_values.footer_html)] as const),
];

/** `/programs/main-program/:age?` → a pattern for the addresses it serves. */
function routePattern(path: string): RegExp {
  const source = path
    .split('/')
    .filter((part) => part !== '')
    .map((part) => {
      if (!part.startsWith(':')) return `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      return part.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    })
    .join('');
  return new RegExp(`^${source || '/'}/?$`);
}

const screens = Object.values(ROUTES).map(routePattern);
const isScreen = (path: string) => screens.some((pattern) => pattern.test(path));

/** Paths the text links to or spells out (`umnyashki.ru/gift`). */
function schoolPaths(text: string): string[] {
  const linked = [...text.matchAll(/href="(\/[^"#?]*)/g)].map((m) => m[1] ?? '');
  const spelled = [
    ...text.matchAll(new RegExp(`${company.site.replace('.', '\\.')}(/[\\w/-]*)`, 'g')),
  ].map((m) => m[1] ?? '');
  return [...linked, ...spelled];
}

/** Wordings that promise something later (whole words: «скоростью» is not «скоро»). */
const LATER =
  /(?<![а-яё])скоро(?![а-яё])|появится (?:позже|на сайте)|в разработке|раздел готовится|пока не работает/i;

describe('parent-facing texts', () => {
  it('the route patterns read addresses as the router does', () => {
    expect(isScreen('/programs/main-program/four-five')).toBe(true);
    expect(isScreen('/personal/help/instructions')).toBe(true);
    expect(isScreen('/personal/no-such-page')).toBe(false);
  });

  it.each(texts)('%s links only to screens the school has', (_, body) => {
    for (const path of schoolPaths(body)) expect(isScreen(path), path).toBe(true);
  });

  it.each(texts)('%s promises nothing for later', (_, body) => {
    expect(body.replace(/<[^>]+>/g, ' ')).not.toMatch(LATER);
  });
});
