// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, getDefaultNormalizer, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ProfileSubscription } from '@contract/api/auth';
import { ERROR_CODES } from '@contract/api/values';
import { installRequestErrors } from '../../testing/request-errors';
import type { ChildSlotsInfo, OrderRequest } from '../../api/store';
import { goToBank } from '../checkout';
import { childOf, renderForFamily } from '../../testing/family-fixtures';
import { apiUrl, errorResponse, seen, server, serveApiInTests } from '../../testing/msw';
import { useModalStore } from '../../components/modal/modal-store';
import AddChildWithoutSubscriptionModal from './add-child-without-subscription-modal';

// The order is registered for real (msw answers); only leaving for the bank's page is left out.
vi.mock('../checkout/go-to-bank', async () => {
  const { registerOrder } = await import('../../api/store');
  return {
    goToBank: vi.fn(async (request: OrderRequest) => {
      await registerOrder(request);
    }),
  };
});

serveApiInTests();
beforeAll(() => installRequestErrors());
beforeEach(() => {
  useModalStore.setState({ name: 'add-child-without-subscription', props: undefined, key: 1 });
});
afterEach(() => {
  cleanup();
  vi.mocked(goToBank).mockClear();
});

const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
const masha = childOf(1, 'Маша');
const petya = childOf(2, 'Петя', 'bear');
const tariffFor = (children: number): ProfileSubscription => ({
  id: 4,
  title: 'Подписка на месяц',
  is_free: false,
  amount_children: children,
  starts_at: '2026-01-01T00:00:00.000Z',
  ends_at: '2026-02-01T00:00:00.000Z',
  auto_renew: false,
});

function answerSlots(slots: ChildSlotsInfo) {
  server.use(http.get(apiUrl('store/slot-purchases'), () => HttpResponse.json({ data: slots })));
}

describe('no free place modal', () => {
  it('offers one more place at the server’s price and the tariffs to a family without a subscription', async () => {
    answerSlots({ total: 1, used: 1, free: 0, bought: 0, price: 49_000 });
    renderForFamily(<AddChildWithoutSubscriptionModal />, [masha]);
    expect(
      await screen.findByRole('heading', {
        name: 'Купить место для ещё одного ребёнка\u00a0— 490\u00a0₽',
      }),
    ).toBeTruthy();
    expect(screen.getByText(/уже заняты: 1 из 1\./)).toBeTruthy();
    expect(screen.getByText(/^Без подписки в семье есть место для одного ребёнка\./)).toBeTruthy();
    expect(screen.getByText(/остаётся за семьёй навсегда/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Оплатить 490\u00a0₽' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Выбрать тариф' }).getAttribute('href')).toBe(
      '/personal/tariffs',
    );
  });

  it('says what the tariff covers and what was bought, without tariffs to choose', async () => {
    answerSlots({ total: 3, used: 3, free: 0, bought: 1, price: 49_000 });
    renderForFamily(<AddChildWithoutSubscriptionModal />, [masha, petya, childOf(3, 'Ваня')], '/', {
      subscription: tariffFor(2),
    });
    expect(
      await screen.findByText(
        /^Ваш тариф рассчитан на 2\u00a0детей\. Куплено дополнительно: 1\u00a0место\./,
        exact,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Выбрать тариф' })).toBeNull();
  });

  it('starts a child-slot purchase and registers its order at the bank', async () => {
    answerSlots({ total: 1, used: 1, free: 0, bought: 0, price: 49_000 });
    server.use(
      http.post(apiUrl('store/purchase-initialization'), () =>
        HttpResponse.json({
          data: {
            purchase_id: 5,
            type: 'child-slot',
            items: [{ id: null, name: 'Место для ещё одного ребёнка', quantity: 1, price: 49_000 }],
            amount: 49_000,
            discount: 0,
            total: 49_000,
            promo_id: null,
          },
        }),
      ),
      http.post(apiUrl('payments/sberbank/register/child-slot-order'), () =>
        HttpResponse.json({
          data: { order_id: 'o-5', form_url: 'https://bank.example/pay', amount: 49_000 },
        }),
      ),
    );
    renderForFamily(<AddChildWithoutSubscriptionModal />, [masha]);
    fireEvent.click(await screen.findByRole('button', { name: 'Оплатить 490\u00a0₽' }));
    await waitFor(() =>
      expect(goToBank).toHaveBeenCalledWith({ kind: 'child-slot', purchase_id: 5 }),
    );
    const init = seen.find((r) => r.url === 'store/purchase-initialization');
    expect(await init?.body).toEqual({ ids: [], type: 'child-slot' });
    const order = seen.find((r) => r.url === 'payments/sberbank/register/child-slot-order');
    expect(await order?.body).toEqual({ purchase_id: 5 });
  });

  it('shows a refused purchase in the modal, not in the global error modal', async () => {
    answerSlots({ total: 1, used: 1, free: 0, bought: 0, price: 49_000 });
    server.use(
      http.post(apiUrl('store/purchase-initialization'), () =>
        errorResponse(429, {
          code: ERROR_CODES.rateLimited,
          message: 'Слишком много покупок подряд. Попробуйте через минуту.',
          errors: { error: ['Слишком много покупок подряд. Попробуйте через минуту.'] },
        }),
      ),
    );
    renderForFamily(<AddChildWithoutSubscriptionModal />, [masha]);
    fireEvent.click(await screen.findByRole('button', { name: 'Оплатить 490\u00a0₽' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Слишком много покупок подряд. Попробуйте через минуту.',
    );
    expect(useModalStore.getState().name).toBe('add-child-without-subscription');
    expect(goToBank).not.toHaveBeenCalled();
  });
});
