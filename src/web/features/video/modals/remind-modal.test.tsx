// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { useSessionStore } from '../../../api/session';
import { useModalStore } from '../../../components/modal/modal-store';
import { childOf, familyWith } from '../../../testing/family-fixtures';
import { apiUrl, fieldError, seen, server, serveApiInTests } from '../../../testing/msw';
import RemindModal from './remind-modal';

serveApiInTests();

const child = childOf(7, 'Маша');

function openModal(family = familyWith([child])) {
  useSessionStore.setState({ token: 'a-token', profile: family, status: 'LOADED' });
  useModalStore.setState({ name: 'remind', props: { child }, onClose: undefined, key: 1 });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RemindModal child={child} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  useModalStore.setState({ name: null, props: undefined });
  useSessionStore.setState({ token: null, profile: null, status: 'LOADED' });
});

const hourSelect = () => screen.getByLabelText<HTMLSelectElement>('Во сколько присылать');
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
const sent = (path: string) => seen.filter((request) => request.url === path);

describe('the remind modal', () => {
  it('shows the family’s hour and whose clock it is by', () => {
    openModal({ ...familyWith([child]), reminder_hour: 9, time_zone: 'Asia/Vladivostok' });
    expect(hourSelect().value).toBe('9');
    expect(screen.getByText(/^По времени вашего региона \(UTC\+10\)/)).toBeTruthy();
  });

  it('sends only what the grown-up changed', async () => {
    server.use(
      http.post(apiUrl('profile/update'), () =>
        HttpResponse.json({ data: { ...familyWith([child]), reminder_hour: 9 } }),
      ),
    );
    openModal();
    fireEvent.change(hourSelect(), { target: { value: '9' } });
    save();
    await waitFor(() => expect(useModalStore.getState().name).toBeNull());
    expect(sent('profile/child/update')).toHaveLength(0);
    expect(await sent('profile/update')[0]?.body).toEqual({ reminder_hour: 9 });
  });

  it('after the hour failed to save, a second try sends the switch the grown-up put back', async () => {
    let hourAnswers = 0;
    server.use(
      http.post(apiUrl('profile/child/update'), () =>
        HttpResponse.json({ data: { ...child, remind_about_lessons: false } }),
      ),
      http.post(apiUrl('profile/update'), () => {
        hourAnswers += 1;
        return fieldError('reminder_hour', 'Выберите час с 8:00 до 20:00');
      }),
    );
    openModal();
    fireEvent.click(screen.getByLabelText('Напоминать об уроках'));
    fireEvent.change(hourSelect(), { target: { value: '9' } });
    save();
    await screen.findByRole('alert');
    expect(hourAnswers).toBe(1);
    expect(await sent('profile/child/update')[0]?.body).toEqual({
      id: child.id,
      remind_about_lessons: false,
    });

    // The switch saved off; the grown-up puts it back on and tries again.
    fireEvent.click(screen.getByLabelText('Напоминать об уроках'));
    save();
    await waitFor(() => expect(hourAnswers).toBe(2));
    const switches = sent('profile/child/update');
    expect(switches).toHaveLength(2);
    expect(await switches[1]?.body).toEqual({ id: child.id, remind_about_lessons: true });
  });
});
