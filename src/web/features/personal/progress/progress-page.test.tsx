// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AdditionalProgress, ChildProgress } from '@contract/api/learning';
import { installRequestErrors } from '../../../testing/request-errors';
import { useModalStore } from '../../../components/modal/modal-store';
import { apiUrl, seen, server, serveApiInTests } from '../../../testing/msw';
import { childOf, renderForFamily } from '../../../testing/family-fixtures';
import ProgressPage from './progress-page';

serveApiInTests();
beforeAll(() => installRequestErrors());
afterEach(() => {
  cleanup();
  useModalStore.setState({ name: null, props: undefined });
});

const masha = childOf(1, 'Маша');
const petya = childOf(2, 'Петя', 'bear');

const week = (number: number, title: string, open: boolean, completed: number) => ({
  number,
  title,
  open,
  lessons_total: 3,
  lessons_completed: completed,
});

const PROGRESS: ChildProgress = {
  child_id: 1,
  program: { slug: 'four-five', title: 'Основная программа 4–5 лет' },
  current_week: 3,
  weeks: [
    week(1, 'Цвета', false, 0),
    week(2, 'Формы', true, 3),
    week(3, 'Счёт до трёх', true, 1),
    week(4, 'Буква А', false, 0),
  ],
  lessons_completed: 5,
  minutes_watched: 42,
  achievements: [
    {
      code: 'first-lesson',
      title: 'Первый урок',
      description: 'Посмотрел первый урок до конца',
      earned_at: '2026-11-10T09:00:00Z',
    },
  ],
  stickers: [
    {
      sticker: 'sun',
      lesson_id: 1,
      lesson_title: 'Цвета. Знакомимся',
      earned_at: '2026-11-10T09:00:00Z',
    },
    {
      sticker: 'star',
      lesson_id: 2,
      lesson_title: 'Цвета. Играем',
      earned_at: '2026-11-11T09:00:00Z',
    },
  ],
  additional: [
    {
      additional_program_id: 5,
      slug: 'english',
      title: 'Английский для малышей',
      open: false,
      lessons_total: 3,
      lessons_completed: 1,
      minutes_watched: 2,
    },
  ],
};

const ENGLISH: AdditionalProgress = {
  ...(PROGRESS.additional[0] as AdditionalProgress),
  lessons: [
    { lesson_id: 51, title: 'Урок 1', watched_seconds: 130, completed: true },
    { lesson_id: 52, title: 'Урок 2', watched_seconds: 65, completed: false },
    { lesson_id: 53, title: 'Урок 3', watched_seconds: 0, completed: false },
  ],
};

/** The text a screen reader reads: without what is hidden from it. */
function spoken(element: HTMLElement): string {
  const copy = element.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return (copy.textContent ?? '').replace(/\s+/g, ' ');
}

function answer(progress: Record<number, ChildProgress>) {
  server.use(
    http.get(apiUrl('profile/progress'), ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('child_id'));
      return HttpResponse.json({ data: progress[id] ?? { ...PROGRESS, child_id: id } });
    }),
    http.get(apiUrl('profile/progress-additional'), () => HttpResponse.json({ data: ENGLISH })),
  );
}

describe('progress page', () => {
  it('shows the numbers and the path of weeks, each stop said in words', async () => {
    answer({ 1: PROGRESS });
    renderForFamily(<ProgressPage />, [masha]);
    const path = await screen.findByRole('list', { name: 'Путь по неделям программы' });
    const stops = within(path).getAllByRole('listitem');
    expect(stops.map(spoken)).toEqual([
      'Неделя 1Цвета0 из 3, пропущена',
      'Неделя 2Формы3 из 3, пройдена',
      'Неделя 3Счёт до трёх1 из 3, в процессе, сейчас здесь',
      'Неделя 4Буква А0 из 3, впереди',
    ]);
    expect(stops[2]?.getAttribute('aria-current')).toBe('step');

    const stat = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(stat('Уроков просмотрено')).toBe('5');
    expect(stat('Минут в уроках')).toBe('42');
    expect(stat('Недель пройдено')).toBe('1 из 4');
    expect(stat('Наград')).toBe('1');
    expect(screen.getByRole('heading', { name: 'Основная программа 4–5 лет' })).toBeTruthy();
    expect(screen.getByText('Сейчас идёт неделя 3 из 4')).toBeTruthy();

    expect(screen.getByRole('heading', { name: 'Первый урок' })).toBeTruthy();
    expect(screen.getByText('Получена 10 ноября 2026')).toBeTruthy();

    // The child's album, the same as on the video page: two stickers, ten places waiting.
    const album = screen.getByRole('list', { name: 'Альбом наклеек: Маша' });
    expect(
      within(album)
        .getAllByRole('img')
        .map((sticker) => sticker.getAttribute('aria-label')),
    ).toEqual([
      'Солнышко\u00a0— за урок «Цвета. Знакомимся»',
      'Звёздочка\u00a0— за урок «Цвета. Играем»',
    ]);
    expect(album.querySelectorAll('li[aria-hidden="true"]')).toHaveLength(10);
    expect(screen.getByText(/^2\sнаклейки\s— по одной за каждый урок/)).toBeTruthy();

    // A missed week is for sale on the skipped weeks page, opened on this child.
    expect(screen.getByText(/Пропущено без подписки: 1\sнеделя/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Пропущенные недели' }).getAttribute('href')).toBe(
      '/skiped-weeks?child=1',
    );
  });

  it('unfolds an additional program lesson by lesson from progress-additional', async () => {
    answer({ 1: PROGRESS });
    renderForFamily(<ProgressPage />, [masha]);
    const program = await screen.findByRole('listitem', { name: 'Английский для малышей' });
    expect(program.textContent).toContain('Просмотрено 1 из 3\u00a0уроков\u00a0· 2\u00a0минуты');
    expect(within(program).getByText('Открыт первый урок')).toBeTruthy();
    const toggle = within(program).getByRole('button', { name: 'Показать уроки' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const lessons = await within(program).findAllByRole('listitem');
    expect(lessons.map(spoken)).toEqual([
      'Урок 1просмотрен',
      'Урок 2начат, 1 минута',
      'Урок 3ещё не смотрели',
    ]);
    expect(seen.map((r) => r.url)).toContain(
      'profile/progress-additional?child_id=1&additional_program_id=5',
    );
  });

  it('lets the parent choose a child when there are several', async () => {
    answer({
      1: PROGRESS,
      2: { ...PROGRESS, child_id: 2, lessons_completed: 9, achievements: [] },
    });
    renderForFamily(<ProgressPage />, [masha, petya]);
    expect(await screen.findByRole('heading', { name: 'Маша', level: 2 })).toBeTruthy();
    const chips = screen.getByRole('group', { name: 'Чьи успехи показать' });
    fireEvent.click(within(chips).getByRole('button', { name: 'Петя' }));
    expect(await screen.findByRole('heading', { name: 'Петя', level: 2 })).toBeTruthy();
    expect(await screen.findByText(/Награды появятся после первых уроков/)).toBeTruthy();
    expect(seen.map((r) => r.url)).toContain('profile/progress?child_id=2');
  });

  it('says when progress could not be loaded, without the global error modal', async () => {
    server.use(http.get(apiUrl('profile/progress'), () => HttpResponse.error()));
    renderForFamily(<ProgressPage />, [masha]);
    expect((await screen.findByRole('alert')).textContent).toContain('Не удалось загрузить успехи');
    expect(useModalStore.getState().name).toBeNull();
  });

  it('asks a parent without children to add one', () => {
    renderForFamily(<ProgressPage />, []);
    expect(screen.getByRole('link', { name: 'Добавить ребёнка' }).getAttribute('href')).toBe(
      '/personal/students',
    );
  });
});
