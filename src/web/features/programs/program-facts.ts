import type { ProgramOutline } from '@contract/api/program-outline';
import { LESSONS, plural, pluralize, type PluralForms } from '@contract/plural';

const NBSP = '\u00a0';
/** «Уроки на 1 неделю, на 4 недели, на 5 недель». */
const WEEKS_FOR: PluralForms = { one: 'неделю', few: 'недели', many: 'недель' };
/** «для 1 темы, для 4 тем». */
const TOPICS_OF: PluralForms = { one: 'темы', few: 'тем', many: 'тем' };

/**
 * What the program's page may promise, counted from the lessons it really holds — never from the plan of
 * topics, which runs ahead of the lessons until every week is filmed.
 */
export function programFacts(outline: ProgramOutline): string[] {
  const weeks = outline.weeks.filter((w) => w.lessons.length > 0);
  const lessons = weeks.flatMap((w) => w.lessons);
  if (lessons.length === 0) return [];
  const minutes = lessons.map((l) => Math.max(1, Math.round(l.duration_seconds / 60)));
  const least = Math.min(...minutes);
  const most = Math.max(...minutes);
  const length = least === most ? `${least}` : `${least}–${most}`;
  return [
    `Уроки на${NBSP}${weeks.length}${NBSP}${plural(weeks.length, WEEKS_FOR)}`,
    `${pluralize(lessons.length, LESSONS)} по${NBSP}${length}${NBSP}мин`,
  ];
}

/** The topics of the year that have a week of lessons, by the week's title. */
export function topicsWithLessons(outline: ProgramOutline): Set<string> {
  return new Set(outline.weeks.filter((w) => w.lessons.length > 0).map((w) => w.title));
}

/** «Уроки уже есть для 4 тем из 15 — остальные появятся позже», or nothing when every topic has them. */
export function topicsNote(topics: readonly string[], ready: ReadonlySet<string>): string | null {
  const done = topics.filter((t) => ready.has(t)).length;
  if (done >= topics.length) return null;
  return done === 0
    ? 'Уроки по этим темам скоро появятся.'
    : `Уроки уже есть для ${done}${NBSP}${plural(done, TOPICS_OF)} из ${topics.length}\u00a0— остальные появятся позже.`;
}
