import { describe, expect, it } from 'vitest';
import { AGE_GROUP_SLUGS } from '@contract/api/catalog';
import { PAGE_SLUGS } from '@contract/api/content';
import { computeBenefit } from '@contract/benefit';
import { additionalPrograms } from './additional-programs';
import { ageGroups } from './age-groups';
import { instructions } from './instructions';
import { landing } from './landing';
import { pages } from './pages';
import { tariffs } from './tariffs';
import { NBSP, typo } from './typography';

const ALLOWED_TAGS = new Set([
  'h2',
  'h3',
  'p',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'a',
  'blockquote',
  'details',
  'summary',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]);
// Proper names with no Russian spelling that parents know as they are.
const ALLOWED_LATIN = new Set([
  'IP',
  'D',
  'Secure',
  'App',
  'Store',
  'Google',
  'Play',
  'Facebook',
  'Chrome',
  'Safari',
]);

const htmlBodies = [
  ...pages.map((p) => [`page ${p.slug}`, p.body_html] as const),
  ...instructions.map((i) => [`instruction ${i.slug}`, i.body_html] as const),
  ...landing.map((l) => [`footer ${l.key}`, l.key_values.footer_html] as const),
];

const plainTexts: (readonly [string, string])[] = [
  ...pages.map((p) => [`title ${p.slug}`, p.title] as const),
  ...instructions.map((i) => [`title ${i.slug}`, i.title] as const),
  ...ageGroups.flatMap((g) =>
    [g.title, g.description, ...g.skills, ...g.topics].map((t) => [g.slug, t] as const),
  ),
  ...additionalPrograms.flatMap((p) => [
    [p.slug, p.title] as const,
    [p.slug, p.description] as const,
  ]),
  ...tariffs.map((t) => ['tariff', t.title] as const),
  ...landing.flatMap((l) =>
    [
      l.banner_text,
      l.banner_description,
      l.video_heading,
      l.promo_button,
      l.promo_text,
      l.special_text,
    ].map((t) => [`landing ${l.key}`, t] as const),
  ),
];

const visibleText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/[\w.-]+@[\w.-]+/g, ' ')
    .replace(/umnyashki\.ru(\/\w+)?/g, ' ');

const words = (html: string) =>
  visibleText(html)
    .split(/[\s\u00a0]+/)
    .filter(Boolean).length;

describe('typography helper', () => {
  it('binds one-letter words, numbers and dashes with non-breaking spaces', () => {
    expect(typo('Урок в 10 минут — и всё')).toBe(`Урок в${NBSP}10${NBSP}минут${NBSP}— и${NBSP}всё`);
    expect(typo('Цена 990 ₽, выгода 40 %')).toBe(`Цена 990${NBSP}₽, выгода 40${NBSP}%`);
    expect(typo('и в доме')).toBe(`и${NBSP}в${NBSP}доме`);
  });

  it('leaves tags alone and is idempotent', () => {
    const source = '<a href="/x">Я и ты</a> <p>В доме</p>';
    expect(typo(source)).toBe(`<a href="/x">Я${NBSP}и${NBSP}ты</a> <p>В${NBSP}доме</p>`);
    expect(typo(typo(source))).toBe(typo(source));
  });
});

describe('seed texts', () => {
  it.each(htmlBodies)('%s uses only simple tags and safe attributes', (_, html) => {
    for (const [, name, attrs] of html.matchAll(/<\/?([a-z0-9]+)([^>]*)>/g)) {
      expect(ALLOWED_TAGS, name).toContain(name);
      const attributes = (attrs ?? '').trim();
      if (name === 'a' && attributes) expect(attributes).toMatch(/^href="(\/|mailto:|tel:)[^"]*"$/);
      else expect(attributes, `<${name}${attrs}>`).toBe('');
    }
    expect(html).not.toMatch(/<script|style=|javascript:/i);
  });

  it.each([...htmlBodies, ...plainTexts])('%s is typeset in Russian', (_, text) => {
    const visible = visibleText(text);
    expect(visible, 'straight quotes').not.toMatch(/["']/);
    expect(visible, 'hyphen for a dash').not.toMatch(/\s-\s/);
    expect(visible, 'three dots').not.toMatch(/\.\.\./);
    expect(visible, 'breakable space before a dash').not.toMatch(/ —/);
    expect(visible, 'breakable space before the rouble sign').not.toMatch(/ ₽/);
    const latin = visible.match(/[A-Za-z]+/g) ?? [];
    expect(latin.filter((w) => !ALLOWED_LATIN.has(w))).toEqual([]);
  });
});

describe('age groups', () => {
  it('cover every slug in order with a full year of topics', () => {
    expect(ageGroups.map((g) => g.slug)).toEqual([...AGE_GROUP_SLUGS]);
    for (const g of ageGroups) {
      expect(g.max_age - g.min_age).toBe(1);
      expect(g.skills.length).toBeGreaterThanOrEqual(5);
      expect(g.skills.length).toBeLessThanOrEqual(7);
      expect(g.topics.length).toBeGreaterThanOrEqual(12);
      expect(g.topics.length).toBeLessThanOrEqual(16);
      expect(new Set(g.topics).size).toBe(g.topics.length);
    }
  });
});

describe('tariffs', () => {
  const subscriptions = tariffs.filter((t) => t.kind === 'subscription' && !t.is_free);
  const monthPrice = (children: number) =>
    subscriptions.find((t) => t.amount_children === children && t.duration === 1)?.price ?? 0;

  it('has one free 7-day trial, 15 paid subscriptions and 4 gifts', () => {
    const trials = tariffs.filter((t) => t.is_free);
    expect(trials).toEqual([
      expect.objectContaining({ duration: 0, trial_days: 7, price: 0, amount_children: 1 }),
    ]);
    expect(subscriptions).toHaveLength(15);
    expect(tariffs.filter((t) => t.kind === 'gift').map((t) => t.duration)).toEqual([1, 3, 6, 12]);
    expect(new Set(tariffs.map((t) => t.title)).size).toBe(tariffs.length);
  });

  it('prices round rouble amounts ending in 0 or 90', () => {
    for (const t of tariffs.filter((x) => !x.is_free)) {
      expect(t.price % 100).toBe(0);
      expect(t.price % 1000 === 0 || (t.price / 100) % 10 === 0 || t.price % 10000 === 9000).toBe(
        true,
      );
    }
  });

  it('gives 10, 20, 30 and 40 % benefits for 3, 6, 12 and 24 months', () => {
    for (const children of [1, 2, 3]) {
      const percents = [3, 6, 12, 24].map((months) => {
        const t = subscriptions.find(
          (x) => x.amount_children === children && x.duration === months,
        );
        return computeBenefit(monthPrice(children), months, t?.price ?? 0).percents;
      });
      expect(percents).toEqual([10, 20, 30, 40]);
    }
    expect(landing.every((l) => l.offer_percent === 40)).toBe(true);
  });

  it('prices gifts as the matching one-child subscription', () => {
    for (const gift of tariffs.filter((t) => t.kind === 'gift')) {
      const same = subscriptions.find(
        (t) => t.amount_children === 1 && t.duration === gift.duration,
      );
      expect(gift.price).toBe(same?.price);
    }
  });
});

describe('additional programs', () => {
  it('are English, Origami, Road alphabet (locked) and one more, each for 1–3 children', () => {
    expect(additionalPrograms.map((p) => p.icon)).toEqual(['english', 'origami', 'road', 'other']);
    expect(additionalPrograms.filter((p) => p.locked).map((p) => p.slug)).toEqual([
      'road-alphabet',
    ]);
    for (const p of additionalPrograms) {
      expect(p.offers.map((o) => o.amount_children)).toEqual([1, 2, 3]);
    }
  });
});

describe('pages and instructions', () => {
  it('has every page the site links to', () => {
    expect(pages.map((p) => p.slug).sort()).toEqual(Object.values(PAGE_SLUGS).sort());
  });

  it('writes the two legal documents at length', () => {
    for (const slug of ['confidentiality-policy', 'license-agreement']) {
      const page = pages.find((p) => p.slug === slug);
      expect(page?.version, slug).toMatch(/^1\.\d+$/);
      const count = words(page?.body_html ?? '');
      expect(count, slug).toBeGreaterThanOrEqual(1500);
      expect(count, slug).toBeLessThanOrEqual(3000);
    }
  });

  it('answers 12–15 questions in the FAQ', () => {
    const count = pages.find((p) => p.slug === 'faq')?.body_html.match(/<details>/g)?.length ?? 0;
    expect(count).toBeGreaterThanOrEqual(12);
    expect(count).toBeLessThanOrEqual(15);
  });

  it('orders instructions by unique positions and slugs', () => {
    expect(instructions.map((i) => i.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(instructions.map((i) => i.slug)).size).toBe(instructions.length);
  });
});
