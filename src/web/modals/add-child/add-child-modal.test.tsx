// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { Child } from '@contract/api/children';
import { ERROR_CODES } from '@contract/api/values';
import { queryClient } from '../../api/query-client';
import { catalogKeys } from '../../api/catalog';
import { useModalStore } from '../modal-store';
import {
  ageGroupForAge,
  birthDateLimits,
  todayInMoscow,
} from '../../features/personal/students/child-age';
import AddChildModal from './add-child-modal';
import { apiUrl, errorResponse, seen, server, serveApiInTests } from '../../testing/msw';

vi.mock('../../components/toast/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), message: vi.fn() },
}));

serveApiInTests();

beforeAll(() => {
  // The age group titles are in the cache: the modal asks the server for nothing but the child calls.
  queryClient.setQueryData(catalogKeys.ageGroups, []);
});
beforeEach(() => {
  useModalStore.setState({ name: 'add-child', props: {}, onClose: undefined, key: 1 });
});
afterEach(cleanup);

const today = todayInMoscow();
/** A birth date `years` ago in Moscow, safely inside that age. */
function yearsAgo(years: number): string {
  const [y, m] = today.split('-');
  const month = Number(m) === 1 ? 12 : Number(m) - 1;
  const year = Number(y) - years - (Number(m) === 1 ? 1 : 0);
  return `${year}-${String(month).padStart(2, '0')}-01`;
}

function renderModal(child?: Child) {
  return render(
    <QueryClientProvider client={queryClient}>
      <AddChildModal child={child} />
    </QueryClientProvider>,
  );
}

describe('AddChildModal', () => {
  it('limits the birth date to ages 1–8 and follows it with the age group', () => {
    renderModal();
    const date = screen.getByLabelText('Дата рождения') as HTMLInputElement;
    expect(date.type).toBe('date');
    expect({ min: date.min, max: date.max }).toEqual(birthDateLimits(today));

    const group = screen.getByLabelText('Возрастная группа') as HTMLSelectElement;
    expect(group.options[0]?.textContent).toBe('По дате рождения');
    fireEvent.change(date, { target: { value: yearsAgo(4) } });
    expect(group.options[0]?.textContent).toBe('По возрасту: 4–5 лет');
    expect(screen.getByText(/^Сейчас 4\sгода\.$/)).toBeTruthy();
  });

  it('says what is missing before sending anything', () => {
    renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить ребёнка' }));
    expect(screen.getByText('Напишите имя или никнейм')).toBeTruthy();
    expect(screen.getByText('Укажите дату рождения')).toBeTruthy();
    expect(seen).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Имя или никнейм'), { target: { value: 'Маша' } });
    expect(screen.queryByText('Напишите имя или никнейм')).toBeNull();
  });

  it('adds the child with the age group of the birth date and the chosen picture', async () => {
    const birth = yearsAgo(5);
    const added: Child = {
      id: 7,
      name: 'Маша',
      birth_date: birth,
      age_group: ageGroupForAge(5),
      avatar: null,
      remind_about_lessons: true,
      study_mode: 'schedule',
    };
    server.use(
      http.post(apiUrl('profile/child/store'), () =>
        HttpResponse.json({ data: added }, { status: 201 }),
      ),
      http.post(apiUrl('profile/child/update'), () =>
        HttpResponse.json({ data: { ...added, avatar: 'owl' } }),
      ),
    );
    renderModal();
    fireEvent.change(screen.getByLabelText('Имя или никнейм'), { target: { value: ' Маша ' } });
    fireEvent.change(screen.getByLabelText('Дата рождения'), { target: { value: birth } });
    fireEvent.click(screen.getByRole('radio', { name: 'Совёнок' }));
    fireEvent.click(screen.getByRole('button', { name: 'Добавить ребёнка' }));

    await waitFor(() => expect(useModalStore.getState().name).toBeNull());
    expect(seen.map((c) => c.url)).toEqual(['profile/child/store', 'profile/child/update']);
    expect(await seen[0]?.body).toEqual({
      name: 'Маша',
      birth_date: birth,
      age_group: 'five-six',
    });
    expect(await seen[1]?.body).toEqual({ id: 7, avatar: 'owl' });
  });

  it('opens the no-free-place modal when the server has no slot', async () => {
    server.use(
      http.post(apiUrl('profile/child/store'), () =>
        errorResponse(409, {
          code: ERROR_CODES.noFreeChildSlot,
          message: 'Нет свободного места для ребёнка',
          errors: { error: ['Нет свободного места для ребёнка'] },
        }),
      ),
    );
    renderModal();
    fireEvent.change(screen.getByLabelText('Имя или никнейм'), { target: { value: 'Петя' } });
    fireEvent.change(screen.getByLabelText('Дата рождения'), { target: { value: yearsAgo(3) } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить ребёнка' }));
    await waitFor(() =>
      expect(useModalStore.getState().name).toBe('add-child-without-subscription'),
    );
  });

  it('edits a child with the study settings, keeping a group chosen by hand', async () => {
    const child: Child = {
      id: 3,
      name: 'Ваня',
      birth_date: yearsAgo(6),
      age_group: 'four-five',
      avatar: 'lion',
      remind_about_lessons: true,
      study_mode: 'schedule',
    };
    server.use(
      http.post(apiUrl('profile/child/update'), () =>
        HttpResponse.json({ data: { ...child, study_mode: 'free' } }),
      ),
    );
    renderModal(child);
    expect((screen.getByLabelText('Возрастная группа') as HTMLSelectElement).value).toBe(
      'four-five',
    );
    fireEvent.click(screen.getByRole('radio', { name: /Свободный/ }));
    fireEvent.click(screen.getByRole('switch', { name: /Напоминать о занятиях/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(useModalStore.getState().name).toBeNull());
    expect(await seen[0]?.body).toEqual({
      id: 3,
      name: 'Ваня',
      birth_date: child.birth_date,
      age_group: 'four-five',
      avatar: 'lion',
      remind_about_lessons: false,
      study_mode: 'free',
    });
  });
});
