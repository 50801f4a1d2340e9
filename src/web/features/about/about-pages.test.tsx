// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Page } from '@contract/api/content';
import { apiUrl, server, serveApiInTests } from '../../testing/msw';
import TeamPage from './team-page';
import VacancyPage from './vacancy-page';

serveApiInTests();

afterEach(() => {
  cleanup();
});

/** The page as GET /api/page/{slug} gives it. */
function serve(slug: string, body_html: string): Page {
  const page: Page = {
    slug,
    title: 'Страница',
    body_html,
    version: '1',
    updated_at: '2026-03-02T09:00:00.000Z',
  };
  return page;
}

function renderPage(element: React.ReactElement, page: Page) {
  server.use(http.get(apiUrl(`page/${page.slug}`), () => HttpResponse.json({ data: page })));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** No element may carry an event handler or a script address, and no script element may exist. */
function expectInert(container: HTMLElement) {
  expect(container.querySelectorAll('script, iframe, object, embed, style')).toHaveLength(0);
  for (const element of Array.from(container.querySelectorAll('*'))) {
    for (const { name, value } of Array.from(element.attributes)) {
      expect(name, element.outerHTML).not.toMatch(/^on/i);
      expect(value, element.outerHTML).not.toMatch(/javascript:/i);
    }
  }
}

// Text an editor typed (escaped, as the sanitiser leaves it) and markup that should never get this far.
const ESCAPED = '&lt;img src=x onerror=alert(1)&gt;';
const RAW = '<img src=x onerror=alert(2)>';
const TYPED = '<img src=x onerror=alert(1)>';

describe('«Команда» and «Вакансии» with hostile page HTML', () => {
  it('team: escaped markup stays text and raw markup loses its handlers, in intro, names and cards', async () => {
    const { container } = renderPage(
      <TeamPage />,
      serve(
        'team',
        `${ESCAPED}${RAW}<p>Вступление ${ESCAPED}</p>` +
          `<h3>${ESCAPED}</h3>${ESCAPED}<p>${RAW}Методист</p>` +
          `<h3>Марина</h3>${RAW}<a href="javascript:alert(3)">ссылка</a>`,
      ),
    );
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    expectInert(container);
    expect(container.querySelectorAll('img[onerror]')).toHaveLength(0);

    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading').textContent).toBe(TYPED);
    expect(first.textContent).toContain(`${TYPED}Методист`);
    expect(within(second).getByRole('heading').textContent).toBe('Марина');
    // The intro shows what the editor typed, as text.
    expect(container.textContent).toContain(`${TYPED}Вступление ${TYPED}`);
    // The raw images survive only as harmless <img src="x">.
    expect(
      Array.from(container.querySelectorAll('img')).map((img) => img.getAttributeNames()),
    ).toEqual([['src'], ['src'], ['src']]);
  });

  it('vacancies: the same for jobs', async () => {
    const { container } = renderPage(
      <VacancyPage />,
      serve(
        'vacancy',
        `<p>Пишите нам</p>${ESCAPED}<h2>Методист</h2>${ESCAPED}${RAW}<p>Удалённо</p>`,
      ),
    );
    const [job] = await screen.findAllByRole('article');
    expectInert(container);
    expect(container.querySelectorAll('img[onerror]')).toHaveLength(0);
    expect(within(job as HTMLElement).getByRole('heading').textContent).toBe('Методист');
    expect(job?.textContent).toContain(TYPED);
  });

  it('a page without such headings is drawn from nodes too', async () => {
    const { container } = renderPage(<TeamPage />, serve('team', `<p>Скоро</p>${ESCAPED}${RAW}`));
    await screen.findByText('Скоро');
    expectInert(container);
    expect(container.textContent).toContain(TYPED);
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });
});
