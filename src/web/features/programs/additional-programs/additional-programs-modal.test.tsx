// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AdditionalProgramItem } from '@contract/api/catalog';
import type { LessonItem, LessonsPage } from '@contract/api/lessons';
import { ERROR_CODES } from '@contract/api/values';
import { installRequestErrors } from '../../../testing/request-errors';
import type { OrderRequest } from '../../../api/store';
import { goToBank } from '../../checkout';
import { childOf, renderForFamily } from '../../../testing/family-fixtures';
import { apiUrl, errorResponse, seen, server, serveApiInTests } from '../../../testing/msw';
import { useModalStore } from '../../../components/modal/modal-store';
import AdditionalProgramsModal from './additional-programs-modal';

// The order is registered for real (msw answers); only leaving for the bank's page is left out.
vi.mock('../../checkout/go-to-bank', async () => {
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

const origami = {
  id: 2,
  slug: 'origami',
  title: 'Оригами',
  description: 'Кораблики и зверята из бумаги',
  locked: false,
  icon: 'origami',
};
const road = { ...origami, id: 3, slug: 'road', title: 'Дорожная азбука', locked: true };
const CATALOGUE: AdditionalProgramItem[] = [
  { id: 13, additional_program_id: 2, amount_children: 3, price: 329_000, program: origami },
  { id: 11, additional_program_id: 2, amount_children: 1, price: 149_000, program: origami },
  { id: 12, additional_program_id: 2, amount_children: 2, price: 249_000, program: origami },
  { id: 21, additional_program_id: 3, amount_children: 1, price: 99_000, program: road },
];

const masha = childOf(1, 'Маша');
const petya = childOf(2, 'Петя', 'bear');
const vanya = childOf(3, 'Ваня', 'owl');

function lesson(id: number, open: boolean, preview = false): LessonItem {
  return {
    id,
    title: `Урок ${id}`,
    description: '',
    position: id,
    week: null,
    duration_seconds: 300,
    is_preview: preview,
    available: open,
    lock_reason: open ? null : 'program_not_bought',
    lock_message: open ? null : 'Программа откроется после покупки',
    video: { url: null, hls_url: null, poster: '/poster.jpg', subtitles: null },
    task: null,
    progress: { watched_seconds: 0, completed: false },
  };
}

/** Маша has origami already; Петя and Ваня see its lessons closed. */
function answerFamily() {
  server.use(
    http.get(apiUrl('store/web/additional-programs'), () => HttpResponse.json({ data: CATALOGUE })),
    http.get(apiUrl('profile/lessons'), ({ request }) => {
      const childId = Number(new URL(request.url).searchParams.get('child_id'));
      const bought = childId === 1;
      const page: LessonsPage = {
        child_id: childId,
        type: 'additional',
        program: { slug: 'origami', title: 'Оригами' },
        weeks: [],
        week: null,
        lessons: [lesson(1, true, true), lesson(2, bought)],
      };
      return HttpResponse.json({ data: page });
    }),
  );
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('additional programs modal', () => {
  it('shows the offers with prices, the children who have the program, and the total', async () => {
    answerFamily();
    renderForFamily(<AdditionalProgramsModal slug="origami" />, [masha, petya, vanya]);
    expect(await screen.findByRole('heading', { name: 'Оригами' })).toBeTruthy();
    const offers = screen.getByRole('group', { name: 'Для скольких детей' });
    const radios = within(offers).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.parentElement?.textContent)).toEqual([
      'Для одного ребёнка1\u00a0490\u00a0₽',
      'Для 2\u00a0детей2\u00a0490\u00a0₽',
      'Для 3\u00a0детей3\u00a0290\u00a0₽',
    ]);
    expect(radios[0]?.checked).toBe(true);

    // Маша has it: disabled and marked; Петя is the first to lack it, so he is ticked.
    await waitFor(() => expect(checkbox('Маша уже открыта').disabled).toBe(true));
    expect(checkbox('Петя').checked).toBe(true);
    // One child in this offer: Ваня cannot be added.
    expect(checkbox('Ваня').disabled).toBe(true);
    expect(screen.getByText(/^Выбрано 1 из 1\. Чтобы добавить ещё/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Оплатить 1\u00a0490\u00a0₽' })).toBeTruthy();

    fireEvent.click(checkbox('Петя'));
    expect(
      (screen.getByRole('button', { name: 'Оплатить 1\u00a0490\u00a0₽' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it('pays for two children with the offer for two', async () => {
    answerFamily();
    server.use(
      http.post(apiUrl('store/purchase-initialization'), () =>
        HttpResponse.json({
          data: {
            purchase_id: 9,
            type: 'additional-program',
            items: [{ id: 12, name: 'Оригами', quantity: 1, price: 249_000 }],
            amount: 249_000,
            discount: 0,
            total: 249_000,
            promo_id: null,
          },
        }),
      ),
      http.post(apiUrl('payments/sberbank/register/additional-program-order'), () =>
        HttpResponse.json({
          data: { order_id: 'o-9', form_url: 'https://bank.example/pay', amount: 249_000 },
        }),
      ),
    );
    renderForFamily(<AdditionalProgramsModal slug="origami" childId={3} />, [masha, petya, vanya]);
    await waitFor(() => expect(checkbox('Маша уже открыта').disabled).toBe(true));
    // The child watching on the video page comes first.
    expect(checkbox('Ваня').checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Для 2\sдетей/ }));
    fireEvent.click(checkbox('Петя'));
    expect(screen.getByText('Выбрано 2 из 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Оплатить 2\u00a0490\u00a0₽' }));

    await waitFor(() =>
      expect(goToBank).toHaveBeenCalledWith({
        kind: 'additional-program',
        purchase_id: 9,
        childIds: [3, 2],
      }),
    );
    const init = seen.find((r) => r.url === 'store/purchase-initialization');
    expect(await init?.body).toEqual({ ids: [12], type: 'additional-program' });
    const order = seen.find((r) => r.url === 'payments/sberbank/register/additional-program-order');
    expect(await order?.body).toEqual({ purchase_id: 9, childIds: [3, 2] });
  });

  it('explains the server’s refusal in the modal', async () => {
    answerFamily();
    server.use(
      http.post(apiUrl('store/purchase-initialization'), () =>
        HttpResponse.json({
          data: {
            purchase_id: 9,
            type: 'additional-program',
            items: [],
            amount: 149_000,
            discount: 0,
            total: 149_000,
            promo_id: null,
          },
        }),
      ),
      http.post(apiUrl('payments/sberbank/register/additional-program-order'), () =>
        errorResponse(422, {
          code: ERROR_CODES.validationFailed,
          message: 'У ребёнка эта программа уже открыта',
          errors: { childIds: ['У ребёнка эта программа уже открыта'] },
        }),
      ),
    );
    renderForFamily(<AdditionalProgramsModal slug="origami" />, [masha, petya]);
    await waitFor(() => expect(checkbox('Маша уже открыта').disabled).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Оплатить 1\u00a0490\u00a0₽' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'У ребёнка эта программа уже открыта',
    );
    expect(useModalStore.getState().name).toBeNull();
  });

  it('does not sell a program that is not open yet', async () => {
    answerFamily();
    renderForFamily(<AdditionalProgramsModal slug="road" />, [masha]);
    expect(await screen.findByText(/Программа скоро откроется/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Оплатить/ })).toBeNull();
  });
});
