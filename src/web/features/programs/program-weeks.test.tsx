// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { OutlineLesson, ProgramOutline } from '@contract/api/program-outline';
import { useModalStore } from '../../components/modal/modal-store';
import { apiUrl, seen, server, serveApiInTests } from '../../testing/msw';
import { ProgramWeeks } from './program-weeks';

serveApiInTests();
afterEach(() => {
  cleanup();
  useModalStore.setState({ name: null, props: undefined });
});

const lesson = (id: number, title: string, preview = false): OutlineLesson => ({
  id,
  title,
  description: 'Умняша рассказывает о теме недели.',
  position: id,
  duration_seconds: 300,
  poster: `/lesson-media/demo/${id}.jpg?expires=1&signature=p`,
  is_preview: preview,
  preview: preview
    ? {
        url: '/lesson-media/demo/red-circle.webm?expires=1&signature=v',
        subtitles: '/lesson-media/demo/red-circle.vtt?expires=1&signature=s',
        expires_at: '2026-11-24T09:20:00.000Z',
      }
    : null,
});

const OUTLINE: ProgramOutline = {
  type: 'main',
  program: { slug: 'four-five', title: 'Основная программа 4–5 лет', locked: false },
  weeks: [
    {
      number: 1,
      title: 'Цвета',
      lessons: [lesson(1, 'Цвета. Знакомимся', true), lesson(2, 'Цвета. Играем')],
    },
    { number: 2, title: 'Формы', lessons: [lesson(3, 'Формы. Знакомимся')] },
  ],
  lessons: [],
};

function renderWeeks() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ProgramWeeks age="four-five" />
    </QueryClientProvider>,
  );
}

describe('the weeks of a main program', () => {
  it('shows every week with its lessons, posters and lengths; only the preview plays', async () => {
    server.use(http.get(apiUrl('program-outline'), () => HttpResponse.json({ data: OUTLINE })));
    const { container } = renderWeeks();
    await screen.findByText('Цвета');
    expect(seen.map((r) => r.url)).toContain('program-outline?type=main&program=four-five');
    const weeks = container.querySelectorAll('details');
    expect(weeks).toHaveLength(2);
    expect(weeks[0]?.open).toBe(true);
    expect(weeks[1]?.open).toBe(false);
    expect(weeks[0]?.querySelector('summary')?.textContent).toBe(
      'Неделя 1Цвета2\u00a0урока · 10\u00a0мин',
    );
    const cards = within(weeks[0] as HTMLElement).getAllByRole('listitem');
    expect(within(cards[0] as HTMLElement).getByRole('heading').textContent).toBe(
      'Цвета. Знакомимся',
    );
    expect(cards[0]?.textContent).toContain('5\u00a0мин');
    expect(cards[0]?.querySelector('img')?.getAttribute('src')).toBe(
      OUTLINE.weeks[0]?.lessons[0]?.poster,
    );
    expect(within(cards[1] as HTMLElement).getByText('Откроется с подпиской')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).queryByRole('button')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Смотреть бесплатно: Цвета. Знакомимся' }));
    expect(useModalStore.getState()).toMatchObject({
      name: 'video',
      props: {
        url: OUTLINE.weeks[0]?.lessons[0]?.preview?.url,
        poster: OUTLINE.weeks[0]?.lessons[0]?.poster,
        title: 'Цвета. Знакомимся',
      },
    });
  });

  it('offers to retry when the outline did not load', async () => {
    let calls = 0;
    server.use(
      http.get(apiUrl('program-outline'), () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json({ data: OUTLINE });
      }),
    );
    renderWeeks();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не удалось загрузить уроки программы');
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Формы')).toBeTruthy();
  });
});
