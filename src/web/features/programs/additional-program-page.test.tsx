// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import type { AdditionalProgramItem } from '@contract/api/catalog';
import { useSessionStore } from '../../api/session';
import { useModalStore } from '../../components/modal/modal-store';
import AdditionalProgramPage from './additional-program-page';
import { apiUrl, server, serveApiInTests } from '../../testing/msw';

serveApiInTests();

const CATALOGUE = 'store/web/additional-programs';

/** Renders the page with the catalogue call answered by `catalogue`. */
function renderPage(catalogue: HttpResponseResolver) {
  server.use(http.get(apiUrl(CATALOGUE), catalogue));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AdditionalProgramPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  useModalStore.setState({ name: null, props: undefined });
  useSessionStore.setState({ token: null, profile: null, status: 'LOADED' });
});

const origami = {
  id: 2,
  slug: 'origami',
  title: 'Оригами',
  description: 'Складываем из бумаги',
  locked: false,
  icon: 'origami',
};
const road = {
  ...origami,
  id: 3,
  slug: 'road-alphabet',
  title: 'Дорожная азбука',
  locked: true,
  icon: 'road',
};
const items: AdditionalProgramItem[] = [
  { id: 11, additional_program_id: 3, amount_children: 1, price: 99_000, program: road },
  { id: 12, additional_program_id: 2, amount_children: 2, price: 249_000, program: origami },
  { id: 13, additional_program_id: 2, amount_children: 1, price: 149_000, program: origami },
];

describe('additional programs page', () => {
  it('shows the static list of docs/PRODUCT.md «Product rules» when the catalogue call fails', async () => {
    renderPage(() => HttpResponse.error());
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Английский для малышей',
      'Оригами',
      'Дорожная азбука',
      'Другие программы',
    ]);
    expect(within(cards[2] as HTMLElement).getByText('Скоро')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Не удалось загрузить цены');
  });

  it('groups offers into one card per program, on-sale programs first', async () => {
    renderPage(() => HttpResponse.json({ data: items }));
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading').textContent).toBe('Оригами');
    expect(first.textContent).toContain('от 1\u00a0490\u00a0₽');
    expect(within(first).getByText('Для одного ребёнка')).toBeTruthy();
    expect(within(first).getByText('Для 2 детей')).toBeTruthy();
    expect(within(second).getByText('Скоро')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('opens the purchase for a parent and the registration for a guest', async () => {
    renderPage(() => HttpResponse.json({ data: items }));
    const [origamiCard, roadCard] = (await screen.findAllByRole('article')) as [
      HTMLElement,
      HTMLElement,
    ];
    // A program not on sale yet has nothing to buy.
    expect(within(roadCard).queryByRole('button', { name: /Купить/ })).toBeNull();
    fireEvent.click(within(origamiCard).getByRole('button', { name: 'Купить: Оригами' }));
    expect(useModalStore.getState().name).toBe('register');

    cleanup();
    useSessionStore.setState({ token: 'token' });
    renderPage(() => HttpResponse.json({ data: items }));
    const [card] = await screen.findAllByRole('article');
    fireEvent.click(within(card as HTMLElement).getByRole('button', { name: 'Купить: Оригами' }));
    expect(useModalStore.getState()).toMatchObject({
      name: 'additional-programs',
      props: { slug: 'origami' },
    });
  });
});
