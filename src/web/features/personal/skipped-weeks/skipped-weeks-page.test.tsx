// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SkippedWeeks } from '@contract/api/learning';
import { ERROR_CODES } from '@contract/api/values';
import { installInterceptors } from '../../../api/interceptors';
import { useModalStore } from '../../../modals/modal-store';
import { apiUrl, errorResponse, seen, server, serveApiInTests } from '../../../testing/msw';
import { childOf, renderForFamily } from '../family-fixtures';
import SkippedWeeksPage from './skipped-weeks-page';

serveApiInTests();
beforeAll(() => installInterceptors());
afterEach(() => {
  cleanup();
  useModalStore.setState({ name: null, props: undefined });
});

const masha = childOf(1, 'Маша');
const petya = childOf(2, 'Петя', 'bear');

const MISSED: SkippedWeeks = {
  child_id: 1,
  program: { slug: 'four-five', title: 'Основная программа 4–5 лет' },
  weeks: [
    {
      week_id: 11,
      number: 1,
      title: 'Цвета',
      starts_on: '2026-10-28',
      ends_on: '2026-11-03',
      lessons: 3,
      price: 39000,
    },
    {
      week_id: 12,
      number: 2,
      title: 'Формы',
      starts_on: '2026-11-04',
      ends_on: '2026-11-10',
      lessons: 1,
      price: 129000,
    },
  ],
  total: 168000,
};

function answer(byChild: Record<number, SkippedWeeks>) {
  server.use(
    http.get(apiUrl('profile/skipped-weeks'), ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('child_id'));
      const data = byChild[id];
      return data
        ? HttpResponse.json({ data })
        : errorResponse(404, {
            code: ERROR_CODES.notFound,
            message: 'Ребёнок не найден',
            errors: {},
          });
    }),
  );
}

describe('skipped weeks page', () => {
  it('lists a child’s missed weeks with Moscow dates, lessons, prices and the total', async () => {
    answer({ 1: MISSED });
    renderForFamily(<SkippedWeeksPage />, [masha]);
    const list = await screen.findByRole('list');
    const weeks = within(list).getAllByRole('listitem');
    expect(weeks).toHaveLength(2);
    const [first, second] = weeks as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { name: 'Цвета' })).toBeTruthy();
    expect(first.textContent).toContain('28 октября\u00a0— 3 ноября 2026');
    expect(first.textContent).toContain('3\u00a0урока');
    expect(first.textContent).toContain('390\u00a0₽');
    expect(second.textContent).toContain('4–10 ноября 2026');
    expect(second.textContent).toContain('1\u00a0урок');
    expect(second.textContent).toContain('1\u00a0290\u00a0₽');
    expect(screen.getByRole('heading', { name: 'Пропущено: 2\u00a0недели' })).toBeTruthy();
    expect(screen.getByText(/^Итого за 2\sнедели$/).parentElement?.textContent).toContain(
      '1\u00a0680\u00a0₽',
    );
    // Payments come later: the page says so instead of offering a button that does nothing.
    expect(screen.getByText(/Оплата пропущенных недель появится совсем скоро/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Купить/ })).toBeNull();
    // One child: no chips to choose from.
    expect(screen.queryByRole('group', { name: 'Чьи пропущенные недели показать' })).toBeNull();
    expect(seen.map((r) => r.url)).toContain('profile/skipped-weeks?child_id=1');
  });

  it('switches between children with chips and shows the friendly empty state', async () => {
    answer({ 1: MISSED, 2: { child_id: 2, program: MISSED.program, weeks: [], total: 0 } });
    renderForFamily(<SkippedWeeksPage />, [masha, petya]);
    const chips = screen.getByRole('group', { name: 'Чьи пропущенные недели показать' });
    const chip = within(chips).getByRole('button', { name: 'Петя' });
    expect(chip.getAttribute('aria-pressed')).toBe('false');
    await screen.findByText('Цвета');
    fireEvent.click(chip);
    expect(await screen.findByRole('heading', { name: 'Пропущенных недель нет' })).toBeTruthy();
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(/пришлись на подписку/)).toBeTruthy();
    expect(seen.map((r) => r.url)).toContain('profile/skipped-weeks?child_id=2');
  });

  it('opens on the child named in the address', async () => {
    answer({ 1: MISSED, 2: { child_id: 2, program: null, weeks: [], total: 0 } });
    renderForFamily(<SkippedWeeksPage />, [masha, petya], '/skiped-weeks?child=2');
    expect(await screen.findByRole('heading', { name: 'Пропущенных недель нет' })).toBeTruthy();
    expect(seen.map((r) => r.url)).not.toContain('profile/skipped-weeks?child_id=1');
  });

  it('says when the call failed, offers to retry, and keeps the global error modal shut', async () => {
    let calls = 0;
    server.use(
      http.get(apiUrl('profile/skipped-weeks'), () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json({ data: MISSED });
      }),
    );
    renderForFamily(<SkippedWeeksPage />, [masha]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не удалось загрузить пропущенные недели');
    expect(useModalStore.getState().name).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Цвета')).toBeTruthy();
  });

  it('asks a parent without children to add one', async () => {
    renderForFamily(<SkippedWeeksPage />, []);
    expect(screen.getByRole('link', { name: 'Добавить ребёнка' }).getAttribute('href')).toBe(
      '/personal/students',
    );
    expect(seen.filter((r) => r.url.startsWith('profile/skipped-weeks'))).toEqual([]);
  });
});
