// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { serveApiInTests } from '../../../testing/msw';
import { clearPayAfter, writePayAfter } from '../../checkout';
import { WelcomeView } from './welcome-view';

serveApiInTests();

afterEach(() => {
  cleanup();
  clearPayAfter();
});

function renderWelcome() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <WelcomeView name="Ольга" email="olga@example.ru" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the welcome after registering', () => {
  it('goes on to paying the gift a guest chose, not to adding a child', () => {
    writePayAfter({ kind: 'gift', tariff_id: 7, promo: null, recurrent: false });
    renderWelcome();
    const next = screen.getByRole('link', { name: 'Перейти к оплате подарка' });
    expect(next.getAttribute('href')).toBe('/personal/gift');
    expect(screen.queryByRole('button', { name: 'Добавить ребёнка' })).toBeNull();
  });

  it('goes on to paying the subscription a guest chose', () => {
    writePayAfter({ kind: 'subscription', tariff_id: 3, promo: 'UMNYASHKI10', recurrent: false });
    renderWelcome();
    const next = screen.getByRole('link', { name: 'Перейти к оплате' });
    expect(next.getAttribute('href')).toBe('/personal/tariffs');
  });

  it('with nothing waiting, offers no payment', () => {
    renderWelcome();
    expect(screen.queryByRole('link', { name: /Перейти к оплате/ })).toBeNull();
  });
});
