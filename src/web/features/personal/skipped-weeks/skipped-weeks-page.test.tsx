// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cleanup,
  fireEvent,
  getDefaultNormalizer,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SkippedWeeks } from '@contract/api/learning';
import { ERROR_CODES } from '@contract/api/values';
import { installRequestErrors } from '../../../testing/request-errors';
import type { OrderRequest } from '../../../api/store';
import { goToBank } from '../../checkout';
import { useModalStore } from '../../../components/modal/modal-store';
import { apiUrl, errorResponse, seen, server, serveApiInTests } from '../../../testing/msw';
import { childOf, renderForFamily } from '../../../testing/family-fixtures';
import SkippedWeeksPage from './skipped-weeks-page';

// The order is registered for real (msw answers); only leaving for the bank's page is left out.
vi.mock('../../checkout', async () => {
  const { registerOrder } = await import('../../../api/store');
  return {
    goToBank: vi.fn(async (request: OrderRequest) => {
      await registerOrder(request);
    }),
  };
});

serveApiInTests();
beforeAll(() => installRequestErrors());
afterEach(() => {
  cleanup();
  vi.mocked(goToBank).mockClear();
  useModalStore.setState({ name: null, props: undefined });
});

// The non-breaking spaces are part of what is checked.
const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };

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
    // Every week is ticked at first: the total and the button say the whole price.
    expect(screen.getByText('Итого: 1\u00a0680\u00a0₽ за 2\u00a0недели', exact)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Оплатить 1\u00a0680\u00a0₽' })).toBeTruthy();
    // One child: no chips to choose from.
    expect(screen.queryByRole('group', { name: 'Чьи пропущенные недели показать' })).toBeNull();
    expect(seen.map((r) => r.url)).toContain('profile/skipped-weeks?child_id=1');
  });

  it('recounts the total as weeks are unticked and pays for the ticked ones only', async () => {
    answer({ 1: MISSED });
    server.use(
      http.post(apiUrl('payments/sberbank/register/weeks-order'), () =>
        HttpResponse.json({
          data: { order_id: 'order-1', form_url: 'https://bank.example/pay', amount: 129000 },
        }),
      ),
    );
    renderForFamily(<SkippedWeeksPage />, [masha]);
    const first = await screen.findByRole('checkbox', { name: 'Неделя 1 Цвета' });
    const second = screen.getByRole('checkbox', { name: 'Неделя 2 Формы' });
    expect((first as HTMLInputElement).checked).toBe(true);
    expect((second as HTMLInputElement).checked).toBe(true);

    fireEvent.click(first);
    expect(screen.getByText('Итого: 1\u00a0290\u00a0₽ за 1\u00a0неделю', exact)).toBeTruthy();
    fireEvent.click(second);
    expect(screen.getByText('Не выбрано ни одной недели')).toBeTruthy();
    const pay = screen.getByRole('button', { name: 'Оплатить' }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);

    fireEvent.click(second);
    fireEvent.click(screen.getByRole('button', { name: 'Оплатить 1\u00a0290\u00a0₽' }));
    await waitFor(() =>
      expect(goToBank).toHaveBeenCalledWith({ kind: 'weeks', child_id: 1, weeks: [12] }),
    );
    const order = seen.find((r) => r.url === 'payments/sberbank/register/weeks-order');
    expect(await order?.body).toEqual({ child_id: 1, weeks: [12] });
  });

  it('shows the server’s refusal next to the button and reloads the list', async () => {
    answer({ 1: MISSED });
    server.use(
      http.post(apiUrl('payments/sberbank/register/weeks-order'), () =>
        errorResponse(422, {
          code: ERROR_CODES.validationFailed,
          message: 'Эта неделя уже открыта или ещё не прошла',
          errors: { weeks: ['Эта неделя уже открыта или ещё не прошла'] },
        }),
      ),
    );
    renderForFamily(<SkippedWeeksPage />, [masha]);
    fireEvent.click(await screen.findByRole('button', { name: 'Оплатить 1\u00a0680\u00a0₽' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Эта неделя уже открыта или ещё не прошла');
    expect(useModalStore.getState().name).toBeNull();
    await waitFor(() =>
      expect(seen.filter((r) => r.url === 'profile/skipped-weeks?child_id=1')).toHaveLength(2),
    );
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
