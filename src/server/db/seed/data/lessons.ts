import type { AgeGroupSlug } from '@contract/api/catalog';
import type { SeedAdditionalLessons, SeedLesson, SeedMainProgram } from './types';
import { ageGroups } from './age-groups';
import { additionalPrograms } from './additional-programs';
import { HOME_ACTIVITIES } from './home-activities';
import { typo } from './typography';

// Demo lessons: every age group's main program opens with four weeks of three lessons, every additional
// program with three lessons. Each lesson has its own clip, poster and subtitles named by its code
// (scripts/make-demo-media.ts draws the lesson's title into them) and lasts as long as the pages promise
// for its age; a real program replaces them from the back office.
const WEEKS_PER_PROGRAM = 4;
const LESSONS_PER_WEEK = 3;
const LESSONS_PER_ADDITIONAL_PROGRAM = 3;

/**
 * Lesson lengths in minutes, one per step of a week, as the age group's description says: «около 10 минут»
 * at 2–3, «10–12 минут» at 3–4, «12–15 минут» at 4–5, and the landing's «10–15 минут» for the older ones.
 */
const MINUTES_BY_AGE: Record<AgeGroupSlug, readonly [number, number, number]> = {
  'two-three': [10, 10, 10],
  'three-four': [10, 11, 12],
  'four-five': [12, 14, 13],
  'five-six': [13, 15, 14],
  'six-seven': [14, 15, 15],
};
/** The speech therapist's course promises «уроки по 10 минут»; the other courses keep to the same. */
const ADDITIONAL_LESSON_MINUTES = 10;

// The three steps every week follows: meet the theme, play with it, repeat it away from the screen.
const STEPS = [
  { title: 'Знакомимся', text: 'Умняша рассказывает о теме недели и показывает её в картинках.' },
  { title: 'Играем', text: 'Весёлая игра с героями: смотрим, повторяем, отвечаем вслух.' },
  {
    title: 'Повторяем',
    text: 'Закрепляем тему песенкой и простым заданием, которое можно продолжить дома.',
  },
] as const;

/** Where a lesson's demo media live in the store: `demo/<code>.webm`, `.jpg`, `.vtt`. */
export const demoMediaKey = (code: string, ending: 'webm' | 'jpg' | 'vtt'): string =>
  `demo/${code}.${ending}`;

function lesson(
  code: string,
  position: number,
  minutes: number,
  title: string,
  text: string,
): SeedLesson {
  return {
    code,
    position,
    title,
    description: text,
    video_key: demoMediaKey(code, 'webm'),
    poster_key: demoMediaKey(code, 'jpg'),
    subtitles_key: demoMediaKey(code, 'vtt'),
    duration_seconds: minutes * 60,
  };
}

/** Kopecks for a skipped week bought on its own (149 ₽): a demo price the back office may change. */
export const DEMO_WEEK_PRICE = 149 * 100;

export const mainPrograms: SeedMainProgram[] = ageGroups.map((group) => ({
  slug: group.slug,
  age_group: group.slug,
  title: `Основная программа ${group.title}`,
  week_price: DEMO_WEEK_PRICE,
  weeks: group.topics.slice(0, WEEKS_PER_PROGRAM).map((topic, weekIndex) => ({
    number: weekIndex + 1,
    title: topic,
    home_activity: typo(HOME_ACTIVITIES[group.slug][weekIndex] ?? ''),
    lessons: STEPS.slice(0, LESSONS_PER_WEEK).map((step, stepIndex) =>
      lesson(
        `${group.slug}-w${weekIndex + 1}-l${stepIndex + 1}`,
        stepIndex + 1,
        MINUTES_BY_AGE[group.slug][stepIndex] ?? ADDITIONAL_LESSON_MINUTES,
        `${topic}${/[.!?…]$/.test(topic) ? '' : '.'} ${step.title}`,
        step.text,
      ),
    ),
  })),
}));

export const additionalLessons: SeedAdditionalLessons[] = additionalPrograms.map((program) => ({
  program_slug: program.slug,
  lessons: Array.from({ length: LESSONS_PER_ADDITIONAL_PROGRAM }, (_, index) =>
    lesson(
      `${program.slug}-l${index + 1}`,
      index + 1,
      ADDITIONAL_LESSON_MINUTES,
      `${program.title}: урок ${index + 1}`,
      index === 0
        ? 'Первый урок открыт всем: посмотрите, как проходят занятия программы.'
        : 'Продолжаем программу: новый шаг, игра и задание для закрепления.',
    ),
  ),
}));

/**
 * The six shared 12-second clips earlier releases gave every demo lesson. A lesson still pointing at one of
 * them was never edited, so the seed moves it to its own media (seed-learning.ts).
 */
export const RETIRED_DEMO_CLIPS = [
  'red-circle',
  'yellow-square',
  'blue-triangle',
  'green-dots',
  'count-three',
  'letter-a',
].map((clip) => demoMediaKey(clip, 'webm'));
export const RETIRED_DEMO_SECONDS = 12;
