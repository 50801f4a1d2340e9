// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { BoughtGift } from '@contract/api/store';
import { ERROR_CODES } from '@contract/api/values';
import { installRequestErrors } from '../../testing/request-errors';
import { useModalStore } from '../../components/modal/modal-store';
import { apiUrl, errorResponse, seen, server, serveApiInTests } from '../../testing/msw';
import { boughtGift, renderGiftScreen } from '../../testing/gift-fixtures';
import { MyGifts } from './my-gifts';

serveApiInTests();
beforeAll(() => installRequestErrors());
afterEach(() => {
  cleanup();
  localStorage.clear();
  useModalStore.setState({ name: null, props: undefined });
});

function serveGifts(gifts: BoughtGift[]) {
  server.use(http.get(apiUrl('store/gift'), () => HttpResponse.json({ data: gifts })));
}

const past = new Date(Date.now() - 86_400_000).toISOString();

describe('«Мои подарки»', () => {
  it('says there are none yet', async () => {
    serveGifts([]);
    renderGiftScreen(<MyGifts />, { parent: true });
    await screen.findByText('Подарков пока нет');
    expect(screen.getByRole('region', { name: 'Мои подарки' })).toBeTruthy();
  });

  it('shows each gift’s code, validity and status; the switch only for unused ones', async () => {
    serveGifts([
      boughtGift({ id: 1 }),
      boughtGift({ id: 2, code: 'AAAA-BBBB-CCCC', is_active: false }),
      boughtGift({ id: 3, code: 'DDDD-EEEE-FFFF', activated: true }),
      boughtGift({ id: 4, code: 'GGGG-HHHH-JJJJ', expires_at: past }),
    ]);
    renderGiftScreen(<MyGifts />, { parent: true });
    const items = within(await screen.findByRole('list')).getAllByRole('listitem');
    const statuses = items.map((item) => item.textContent ?? '');
    expect(statuses[0]).toContain('Статус: активен');
    expect(statuses[0]).toContain('7KQM-2X9D-HT4W');
    expect(statuses[0]).toMatch(/действует до \d{1,2} [а-я]+ \d{4}/);
    expect(statuses[1]).toContain('Статус: выключен');
    expect(statuses[2]).toContain('Статус: активирован');
    expect(statuses[3]).toContain('Статус: истёк');
    expect(statuses[3]).toContain('действовал до');
    const switches = screen.getAllByRole('switch', { name: 'Код можно активировать' });
    expect(switches).toHaveLength(2);
    expect(switches.map((s) => (s as HTMLInputElement).checked)).toEqual([true, false]);
    // Only an active gift can be sent.
    expect(screen.getAllByRole('button', { name: 'Отправить на почту' })).toHaveLength(1);
  });

  it('switches a gift off through the server', async () => {
    serveGifts([boughtGift()]);
    server.use(
      http.post(apiUrl('store/gift/toggle'), () =>
        HttpResponse.json({ data: boughtGift({ is_active: false }) }),
      ),
    );
    renderGiftScreen(<MyGifts />, { parent: true });
    const toggle = await screen.findByRole('switch', { name: 'Код можно активировать' });
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(screen.getByRole('listitem').textContent).toContain('Статус: выключен'),
    );
    const request = seen.find((r) => r.url === 'store/gift/toggle');
    expect(await request?.body).toEqual({ id: 7, is_active: false });
    expect((toggle as HTMLInputElement).checked).toBe(false);
  });

  it('mails a gift and says where; shows the server’s refusal in place', async () => {
    serveGifts([boughtGift()]);
    let refuse = false;
    server.use(
      http.post(apiUrl('store/web/gift/send'), async ({ request }) => {
        if (refuse) {
          return errorResponse(409, {
            code: ERROR_CODES.conflict,
            message: 'Этот подарок уже активирован',
            errors: { error: ['Этот подарок уже активирован'] },
          });
        }
        const { email } = (await request.json()) as { email: string };
        return HttpResponse.json({
          data: boughtGift({ sent_to: email.toLowerCase(), sent_at: new Date().toISOString() }),
        });
      }),
    );
    renderGiftScreen(<MyGifts />, { parent: true });
    const field = await screen.findByLabelText('Почта получателя');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить на почту' }));
    expect(await screen.findByText('Введите почту получателя')).toBeTruthy();

    fireEvent.change(field, { target: { value: 'Babushka@Example.ru' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить на почту' }));
    expect(
      await screen.findByText('Письмо с подарком отправлено на babushka@example.ru'),
    ).toBeTruthy();

    refuse = true;
    fireEvent.change(field, { target: { value: 'other@example.ru' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить на почту' }));
    expect(await screen.findByText('Этот подарок уже активирован')).toBeTruthy();
  });

  it('offers the address given before paying for the new gift, in one click', async () => {
    localStorage.setItem('send-gift', 'mama@example.ru');
    serveGifts([boughtGift()]);
    server.use(
      http.post(apiUrl('store/web/gift/send'), () =>
        HttpResponse.json({
          data: boughtGift({ sent_to: 'mama@example.ru', sent_at: new Date().toISOString() }),
        }),
      ),
    );
    renderGiftScreen(<MyGifts />, { parent: true });
    const offer = await screen.findByRole('region', { name: 'Отправить подарок' });
    expect(offer.textContent).toContain(
      'Отправить подарок «Подарочная подписка на 6 месяцев» на mama@example.ru?',
    );
    fireEvent.click(within(offer).getByRole('button', { name: 'Отправить' }));
    await screen.findByText('Письмо с подарком отправлено на mama@example.ru');
    await waitFor(() => expect(localStorage.getItem('send-gift')).toBeNull());
  });

  it('does not offer it for a gift already sent', async () => {
    localStorage.setItem('send-gift', 'mama@example.ru');
    serveGifts([boughtGift({ sent_to: 'x@example.ru', sent_at: past })]);
    renderGiftScreen(<MyGifts />, { parent: true });
    await screen.findByRole('list');
    expect(screen.queryByRole('region', { name: 'Отправить подарок' })).toBeNull();
  });
});
