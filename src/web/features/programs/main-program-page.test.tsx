// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { http, HttpResponse } from 'msw';
import type { AgeGroup } from '@contract/api/catalog';
import type { OutlineLesson, ProgramOutline } from '@contract/api/program-outline';
import { apiUrl, server, serveApiInTests } from '../../testing/msw';
import MainProgramPage from './main-program-page';

serveApiInTests();
afterEach(cleanup);

const TOPICS = [
  'Я и мои чувства',
  'Цифры от 1 до 5',
  'Цифры от 6 до 10',
  'Гласные звуки',
  'Космос',
];
const GROUP: AgeGroup = {
  id: 3,
  slug: 'four-five',
  title: '4–5 лет',
  min_age: 4,
  max_age: 5,
  description: 'Уроки длятся 12–15 минут.',
  skills: ['Считает до десяти', 'Знает гласные буквы'],
  topics: TOPICS,
};

const lesson = (id: number, minutes: number): OutlineLesson => ({
  id,
  title: `Урок ${id}`,
  description: '',
  position: id,
  duration_seconds: minutes * 60,
  poster: `/lesson-media/demo/${id}.jpg?expires=1&signature=p`,
  is_preview: false,
  preview: null,
});

/** Lessons for the first two topics only, as a demo with its weeks still being filmed. */
const OUTLINE: ProgramOutline = {
  type: 'main',
  program: { slug: 'four-five', title: 'Основная программа 4–5 лет', locked: false },
  weeks: [
    { number: 1, title: TOPICS[0] ?? '', lessons: [lesson(1, 12), lesson(2, 14), lesson(3, 13)] },
    { number: 2, title: TOPICS[1] ?? '', lessons: [lesson(4, 12), lesson(5, 14), lesson(6, 13)] },
  ],
  lessons: [],
};

function renderPage(outline: ProgramOutline) {
  server.use(
    http.get(apiUrl('age-groups'), () => HttpResponse.json({ data: [GROUP] })),
    http.get(apiUrl('program-outline'), () => HttpResponse.json({ data: outline })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/programs/main-program/four-five']}>
        <Routes>
          <Route path="/programs/main-program/:age" element={<MainProgramPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the main program page', () => {
  it('promises the weeks and lessons the program holds, not the plan of topics', async () => {
    renderPage(OUTLINE);
    // The matcher sees non-breaking spaces as plain ones; the text keeps them (a number never ends a line).
    const weeks = await screen.findByText('Уроки на 2 недели');
    expect(weeks.textContent).toBe('Уроки на\u00a02\u00a0недели');
    expect(screen.getByText('6 уроков по 12–14 мин').textContent).toBe(
      '6\u00a0уроков по\u00a012–14\u00a0мин',
    );
    expect(screen.queryByText('5 тем')).toBeNull();

    const topics = screen.getByRole('region', { name: 'Темы года' });
    expect(
      within(topics).getByText('Уроки уже есть для 2 тем из 5 — остальные появятся позже.'),
    ).toBeTruthy();
    const items = within(topics).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Я и мои чувства',
      'Цифры от 1 до 5',
      'Цифры от 6 до 10скоро',
      'Гласные звукискоро',
      'Космосскоро',
    ]);
  });

  it('says nothing is coming later once every topic has its week', async () => {
    const full: ProgramOutline = {
      ...OUTLINE,
      weeks: TOPICS.map((title, i) => ({ number: i + 1, title, lessons: [lesson(i + 1, 10)] })),
    };
    renderPage(full);
    expect(await screen.findByText('Уроки на 5 недель')).toBeTruthy();
    expect(screen.getByText('5 уроков по 10 мин')).toBeTruthy();
    expect(screen.queryByText(/остальные появятся/)).toBeNull();
    expect(screen.queryByText('скоро')).toBeNull();
  });
});
