import type { SeedAdditionalLessons, SeedLesson, SeedMainProgram } from './types';
import { ageGroups } from './age-groups';
import { additionalPrograms } from './additional-programs';

// Demo lessons: every age group's main program opens with four weeks of three lessons, every additional
// program with three lessons. The six demo clips (scripts/make-demo-media.sh, 12 seconds each) take turns;
// a real program replaces them from the back office.
const WEEKS_PER_PROGRAM = 4;
const LESSONS_PER_WEEK = 3;
const LESSONS_PER_ADDITIONAL_PROGRAM = 3;
const CLIP_SECONDS = 12;

const CLIPS = [
  'red-circle',
  'yellow-square',
  'blue-triangle',
  'green-dots',
  'count-three',
  'letter-a',
] as const;

// The three steps every week follows: meet the theme, play with it, repeat it away from the screen.
const STEPS = [
  { title: 'Знакомимся', text: 'Умняша рассказывает о теме недели и показывает её в картинках.' },
  { title: 'Играем', text: 'Весёлая игра с героями: смотрим, повторяем, отвечаем вслух.' },
  {
    title: 'Повторяем',
    text: 'Закрепляем тему песенкой и простым заданием, которое можно продолжить дома.',
  },
] as const;

function lesson(code: string, position: number, clipIndex: number, title: string, text: string) {
  const clip = CLIPS[clipIndex % CLIPS.length] ?? CLIPS[0];
  return {
    code,
    position,
    title,
    description: text,
    video_key: `demo/${clip}.webm`,
    poster_key: `demo/${clip}.jpg`,
    subtitles_key: `demo/${clip}.vtt`,
    duration_seconds: CLIP_SECONDS,
  } satisfies SeedLesson;
}

/** Kopecks for a skipped week bought on its own (149 ₽): a demo price the back office may change. */
export const DEMO_WEEK_PRICE = 149 * 100;

export const mainPrograms: SeedMainProgram[] = ageGroups.map((group, groupIndex) => ({
  slug: group.slug,
  age_group: group.slug,
  title: `Основная программа ${group.title}`,
  week_price: DEMO_WEEK_PRICE,
  weeks: group.topics.slice(0, WEEKS_PER_PROGRAM).map((topic, weekIndex) => ({
    number: weekIndex + 1,
    title: topic,
    lessons: STEPS.slice(0, LESSONS_PER_WEEK).map((step, stepIndex) =>
      lesson(
        `${group.slug}-w${weekIndex + 1}-l${stepIndex + 1}`,
        stepIndex + 1,
        groupIndex + weekIndex * LESSONS_PER_WEEK + stepIndex,
        `${topic}${/[.!?…]$/.test(topic) ? '' : '.'} ${step.title}`,
        step.text,
      ),
    ),
  })),
}));

export const additionalLessons: SeedAdditionalLessons[] = additionalPrograms.map(
  (program, programIndex) => ({
    program_slug: program.slug,
    lessons: Array.from({ length: LESSONS_PER_ADDITIONAL_PROGRAM }, (_, index) =>
      lesson(
        `${program.slug}-l${index + 1}`,
        index + 1,
        programIndex * 2 + index,
        `${program.title}: урок ${index + 1}`,
        index === 0
          ? 'Первый урок открыт всем: посмотрите, как проходят занятия программы.'
          : 'Продолжаем программу: новый шаг, игра и задание для закрепления.',
      ),
    ),
  }),
);
