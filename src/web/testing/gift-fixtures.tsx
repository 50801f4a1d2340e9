// Test helper (not a test): the gift catalogue, bought gifts and a page rendered with a fresh query cache
// inside a router, for a guest or a signed-in parent.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import type { GiftItem } from '@contract/api/catalog';
import type { BoughtGift } from '@contract/api/store';
import { useSessionStore } from '../api/session';
import { apiUrl, server } from './msw';
import { familyWith } from './family-fixtures';

function giftItem(id: number, duration: number, roublesPerMonth: number): GiftItem {
  const price = duration * roublesPerMonth * 100;
  return {
    id,
    title: `Подарочная подписка на ${duration}`,
    price,
    duration,
    amount_children: 1,
    is_free: false,
    trial_days: 0,
    benefits: { percents: 0, value: 0 },
    price_text: String(price / 100),
  };
}

export const GIFT_ITEMS: GiftItem[] = [
  giftItem(21, 1, 990),
  giftItem(22, 3, 890),
  { ...giftItem(23, 6, 790), title: 'Подарочная подписка на 6 месяцев' },
  giftItem(24, 12, 690),
];

export function serveGiftCatalogue(items: GiftItem[] = GIFT_ITEMS): void {
  server.use(
    http.get(apiUrl('store/web/gifts'), () =>
      HttpResponse.json({
        data: items,
        meta: { current_page: 1, last_page: 1, per_page: 20, total: items.length },
      }),
    ),
  );
}

export function boughtGift(overrides: Partial<BoughtGift> = {}): BoughtGift {
  return {
    id: 7,
    code: '7KQM-2X9D-HT4W',
    title: 'Подарочная подписка на 6 месяцев',
    duration: 6,
    amount_children: 1,
    is_active: true,
    expires_at: new Date(Date.now() + 300 * 86_400_000).toISOString(),
    activated: false,
    sent_to: null,
    sent_at: null,
    created_at: new Date(Date.now() - 60_000).toISOString(),
    ...overrides,
  };
}

/** Renders `page` at `path`, for a guest or for a signed-in parent. */
export function renderGiftScreen(page: ReactNode, { parent = false, path = '/' } = {}) {
  if (parent) {
    const profile = familyWith([]);
    useSessionStore.setState({ token: 'token', profile, status: 'LOADED' });
    server.use(http.get(apiUrl('profile/show'), () => HttpResponse.json({ data: profile })));
  } else {
    useSessionStore.setState({ token: null, profile: null, status: 'LOADED' });
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}
