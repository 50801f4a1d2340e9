// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import type { Instruction } from '@contract/api/content';
import { ROUTES } from '../../lib/routes';
import { apiUrl, server, serveApiInTests } from '../../testing/msw';
import InstructionsPage from './instructions-page';

serveApiInTests();

afterEach(() => {
  cleanup();
});

// Out of order on purpose: the screen lists them by position.
const INSTRUCTIONS: Instruction[] = [
  {
    id: 2,
    slug: 'watch-lesson',
    title: 'Как посмотреть урок',
    body_html: '<ol><li>Нажмите «Видео-уроки».</li><li>Выберите ребёнка.</li></ol>',
    position: 2,
  },
  {
    id: 1,
    slug: 'add-child',
    title: 'Как добавить ребёнка',
    body_html: '<p>Откройте раздел «Ученики».</p>',
    position: 1,
  },
  {
    id: 3,
    slug: 'cancel-auto-renewal',
    title: 'Как отключить автопродление',
    body_html: '<p>Откройте «Тарифы».</p>',
    position: 3,
  },
];

/** The screen at `path` inside a router that knows its route, with the instructions call answered. */
function renderAt(
  path: string,
  answer: HttpResponseResolver = () => HttpResponse.json({ data: INSTRUCTIONS }),
) {
  server.use(http.get(apiUrl('admin/instruction'), answer));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: ROUTES['help-instructions'], Component: InstructionsPage }],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('personal/help/instructions', () => {
  it('lists the instructions by position, each a link by its slug', async () => {
    renderAt('/personal/help/instructions');
    await screen.findByRole('link', { name: 'Как добавить ребёнка' });
    expect(screen.getByRole('heading', { level: 2, name: 'Инструкции' })).toBeTruthy();
    // The one list outside the help tabs.
    const [list] = screen.getAllByRole('list').filter((element) => !element.closest('nav'));
    const links = within(list as HTMLElement).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Как добавить ребёнка', '/personal/help/instructions/add-child'],
      ['Как посмотреть урок', '/personal/help/instructions/watch-lesson'],
      ['Как отключить автопродление', '/personal/help/instructions/cancel-auto-renewal'],
    ]);
  });

  it('has the help tabs, «Служба поддержки» among them', async () => {
    renderAt('/personal/help/instructions');
    const nav = await screen.findByRole('navigation', { name: 'Разделы помощи' });
    const tabs = within(nav).getAllByRole('link');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('href')])).toEqual([
      ['Частые вопросы', '/personal/help/faq'],
      ['О программах', '/personal/help/programs'],
      ['Инструкции', '/personal/help/instructions'],
      ['Служба поддержки', '/personal/help/support'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Инструкции' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('shows one instruction: its title, its HTML, the way back and the others', async () => {
    const router = renderAt('/personal/help/instructions/watch-lesson');
    const title = await screen.findByRole('heading', { level: 2, name: 'Как посмотреть урок' });
    expect(title).toBeTruthy();
    const article = screen.getByRole('article');
    expect(
      within(article)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Нажмите «Видео-уроки».', 'Выберите ребёнка.']);

    const others = screen.getByRole('navigation', { name: 'Другие инструкции' });
    expect(
      within(others)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Как добавить ребёнка', 'Как отключить автопродление']);
    // The tab stays current on an instruction under it.
    const tabs = screen.getByRole('navigation', { name: 'Разделы помощи' });
    expect(
      within(tabs).getByRole('link', { name: 'Инструкции' }).getAttribute('aria-current'),
    ).toBe('page');

    fireEvent.click(within(others).getByRole('link', { name: 'Как добавить ребёнка' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Как добавить ребёнка' }),
    ).toBeTruthy();
    expect(screen.getByRole('article').textContent).toBe('Откройте раздел «Ученики».');
    expect(router.state.location.pathname).toBe('/personal/help/instructions/add-child');

    fireEvent.click(screen.getByRole('link', { name: 'Все инструкции' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Инструкции' })).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    expect(router.state.location.pathname).toBe('/personal/help/instructions');
  });

  it('says kindly that an unknown instruction is not there, with a link back to the list', async () => {
    const router = renderAt('/personal/help/instructions/no-such-thing');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Инструкция не найдена' }),
    ).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    const back = screen.getByRole('link', { name: 'Все инструкции' });
    expect(back.getAttribute('href')).toBe('/personal/help/instructions');

    fireEvent.click(back);
    expect(await screen.findByRole('link', { name: 'Как посмотреть урок' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/personal/help/instructions');
  });

  it('offers to try again when the instructions do not load', async () => {
    renderAt('/personal/help/instructions/add-child', () =>
      HttpResponse.json({ code: 'internal_error', message: 'Ошибка', errors: {} }, { status: 500 }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Не удалось загрузить инструкции',
    );
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
  });
});
