// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Promocode } from '@contract/api/store';
import { installRequestErrors } from '../../testing/request-errors';
import { useModalStore } from '../../components/modal/modal-store';
import { apiUrl, fieldError, seen, server, serveApiInTests } from '../../testing/msw';
import { GiftBuyBlock } from './gift-buy-block';
import { renderGiftScreen, serveGiftCatalogue } from '../../testing/gift-fixtures';

serveApiInTests();
beforeAll(() => installRequestErrors());
afterEach(() => {
  cleanup();
  localStorage.clear();
  useModalStore.setState({ name: null, props: undefined });
});

const TEN_PERCENT: Promocode = {
  promo_id: 5,
  code: 'UMNYASHKI10',
  kind: 'percent',
  value: 10,
  amount: 474_000,
  discount: 47_400,
  total: 426_600,
};

function servePromo() {
  server.use(
    http.post(apiUrl('store/web/promocode'), async ({ request }) => {
      const body = (await request.json()) as { code: string };
      return body.code === 'UMNYASHKI10'
        ? HttpResponse.json({ data: TEN_PERCENT })
        : fieldError('code', 'Такого промокода нет');
    }),
  );
}

const buyButton = () => screen.getByRole('button', { name: /^Купить в подарок за/ });

describe('gift buying block', () => {
  it('shows each duration with its price, the 6 months chosen and the total on the button', async () => {
    serveGiftCatalogue();
    renderGiftScreen(<GiftBuyBlock buyer="guest" />);
    const group = await screen.findByRole('group', { name: 'Срок подписки в подарок' });
    const cards = within(group).getAllByRole('radio');
    expect(cards).toHaveLength(4);
    expect(group.textContent).toContain('1\u00a0месяц');
    expect(group.textContent).toContain('990\u00a0₽');
    expect(group.textContent).toContain('8\u00a0280\u00a0₽');
    expect(within(group).getByRole('radio', { name: /6\u00a0месяцев/ })).toHaveProperty(
      'checked',
      true,
    );
    expect(buyButton().textContent).toBe('Купить в подарок за 4\u00a0740\u00a0₽');
    fireEvent.click(within(group).getByRole('radio', { name: /1\u00a0месяц/ }));
    expect(buyButton().textContent).toBe('Купить в подарок за 990\u00a0₽');
  });

  it('applies a promo code typed in lower case and shows the discount and the new total', async () => {
    serveGiftCatalogue();
    servePromo();
    renderGiftScreen(<GiftBuyBlock buyer="guest" />);
    const field = await screen.findByLabelText('Промокод');
    fireEvent.change(field, { target: { value: 'umnyashki 10' } });
    expect((field as HTMLInputElement).value).toBe('UMNYASHKI10');
    fireEvent.click(screen.getByRole('button', { name: 'Применить' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Промокод UMNYASHKI10 применён — скидка 10\u00a0% (474\u00a0₽)',
    );
    expect(buyButton().textContent).toBe('Купить в подарок за 4\u00a0266\u00a0₽');
    const request = seen.find((r) => r.url === 'store/web/promocode');
    expect(await request?.body).toEqual({ code: 'UMNYASHKI10', type: 'gift', ids: [23] });
  });

  it('shows the server’s reason under the field for a wrong code', async () => {
    serveGiftCatalogue();
    servePromo();
    renderGiftScreen(<GiftBuyBlock buyer="guest" />);
    fireEvent.change(await screen.findByLabelText('Промокод'), { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Применить' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Такого промокода нет');
    expect(screen.getByLabelText('Промокод').getAttribute('aria-invalid')).toBe('true');
    expect(buyButton().textContent).toBe('Купить в подарок за 4\u00a0740\u00a0₽');
  });

  it('keeps a guest’s choice and the recipient, then asks to register', async () => {
    serveGiftCatalogue();
    servePromo();
    renderGiftScreen(<GiftBuyBlock buyer="guest" />);
    fireEvent.click(await screen.findByRole('radio', { name: /12\u00a0месяцев/ }));
    fireEvent.change(screen.getByLabelText('Промокод'), { target: { value: 'umnyashki10' } });
    fireEvent.change(screen.getByLabelText('Кому отправить подарок — можно указать позже'), {
      target: { value: 'babushka@example.ru' },
    });
    fireEvent.click(buyButton());
    await waitFor(() => expect(useModalStore.getState().name).toBe('register'));
    expect(JSON.parse(localStorage.getItem('pay_after') ?? 'null')).toEqual({
      kind: 'gift',
      tariff_id: 24,
      promo: 'UMNYASHKI10',
      recurrent: false,
    });
    expect(localStorage.getItem('send-gift')).toBe('babushka@example.ru');
    expect(seen.some((r) => r.url === 'store/purchase-initialization')).toBe(false);
  });

  it('pre-selects a choice kept from before registering and pays it as a parent', async () => {
    serveGiftCatalogue();
    servePromo();
    localStorage.setItem(
      'pay_after',
      JSON.stringify({ kind: 'gift', tariff_id: 23, promo: 'UMNYASHKI10', recurrent: false }),
    );
    server.use(
      http.post(apiUrl('store/purchase-initialization'), () =>
        HttpResponse.json({
          data: {
            purchase_id: 91,
            type: 'gift',
            items: [],
            amount: 474_000,
            discount: 0,
            total: 474_000,
            promo_id: null,
          },
        }),
      ),
      http.post(apiUrl('payments/sberbank/register/gift-order'), () =>
        HttpResponse.json({ data: { order_id: 'order-1', form_url: '#bank', amount: 426_600 } }),
      ),
    );
    renderGiftScreen(
      <GiftBuyBlock buyer="parent" preset={{ tariffId: 23, promo: 'UMNYASHKI10', email: null }} />,
      { parent: true },
    );
    await waitFor(() =>
      expect(buyButton().textContent).toBe('Купить в подарок за 4\u00a0266\u00a0₽'),
    );
    fireEvent.click(buyButton());
    await waitFor(() =>
      expect(seen.some((r) => r.url === 'payments/sberbank/register/gift-order')).toBe(true),
    );
    const init = seen.find((r) => r.url === 'store/purchase-initialization');
    expect(await init?.body).toEqual({ ids: [23], type: 'gift' });
    const order = seen.find((r) => r.url === 'payments/sberbank/register/gift-order');
    expect(await order?.body).toEqual({ purchase_id: 91, promo_id: 5 });
    expect(localStorage.getItem('pay_after')).toBeNull();
    expect(JSON.parse(localStorage.getItem('last_pay_after') ?? '{}')).toMatchObject({
      kind: 'gift',
      order_id: 'order-1',
    });
  });
});
