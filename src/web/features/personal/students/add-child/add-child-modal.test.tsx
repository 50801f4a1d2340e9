// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cleanup,
  fireEvent,
  getDefaultNormalizer,
  render,
  screen,
  waitFor,
} from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { Child } from '@contract/api/children';
import { ERROR_CODES } from '@contract/api/values';
import { queryClient } from '../../../../api/query-client';
import { catalogKeys } from '../../../../api/catalog';
import { useModalStore } from '../../../../components/modal/modal-store';
import { ageGroupForAge, todayInMoscow } from '../child-age';
import AddChildModal from './add-child-modal';
import { apiUrl, errorResponse, seen, server, serveApiInTests } from '../../../../testing/msw';

vi.mock('../../../../components/toast/toast', () => ({
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

/** The digits a parent types for a YYYY-MM-DD date: 2021-03-01 → 01032021. */
const digitsOf = (iso: string) => iso.split('-').reverse().join('');

function renderModal(child?: Child) {
  return render(
    <QueryClientProvider client={queryClient}>
      <AddChildModal child={child} />
    </QueryClientProvider>,
  );
}

describe('AddChildModal', () => {
  it('takes the birth date as дд.мм.гггг, putting the dots in, and follows it with the age group', () => {
    renderModal();
    const date = screen.getByLabelText('Дата рождения') as HTMLInputElement;
    expect(date.type).toBe('text');
    expect(date.inputMode).toBe('numeric');
    expect(date.placeholder).toBe('дд.мм.гггг');
    expect(
      screen.getByText(
        /^Число, месяц и год: например, 05\.09\.2021\. Занятия для детей от 2 до 7\sлет\.$/,
      ),
    ).toBeTruthy();

    const group = screen.getByLabelText('Возрастная группа') as HTMLSelectElement;
    expect(group.options[0]?.textContent).toBe('По дате рождения');
    fireEvent.change(date, { target: { value: '123' } });
    expect(date.value).toBe('12.3');
    const birth = yearsAgo(4);
    fireEvent.change(date, { target: { value: digitsOf(birth) } });
    expect(date.value).toBe(birth.split('-').reverse().join('.'));
    expect(group.options[0]?.textContent).toBe('По возрасту: 4–5 лет');
    expect(screen.getByText(/^Сейчас 4\sгода\.$/)).toBeTruthy();
  });

  it.each([
    ['31022021', 'Такой даты нет: в феврале 2021\u00a0года 28\u00a0дней'],
    ['1203', 'Введите дату полностью, в формате дд.мм.гггг'],
    [digitsOf(yearsAgo(1)), 'Занятия для детей от 2 до 7\u00a0лет: ребёнку ещё нет 2\u00a0лет'],
    [digitsOf(yearsAgo(8)), 'Занятия для детей от 2 до 7\u00a0лет: ребёнку уже 8\u00a0лет'],
  ])('refuses the birth date %s in Russian, sending nothing', async (digits, message) => {
    renderModal();
    fireEvent.change(screen.getByLabelText('Имя или никнейм'), { target: { value: 'Маша' } });
    fireEvent.change(screen.getByLabelText('Дата рождения'), { target: { value: digits } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить ребёнка' }));
    // The non-breaking spaces are part of what is checked.
    const exact = getDefaultNormalizer({ collapseWhitespace: false });
    expect(await screen.findByText(message, { normalizer: exact })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Дата рождения'));
    expect(seen).toHaveLength(0);
  });

  it('refuses a future birth date', async () => {
    renderModal();
    const next = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
    fireEvent.change(screen.getByLabelText('Имя или никнейм'), { target: { value: 'Маша' } });
    fireEvent.change(screen.getByLabelText('Дата рождения'), { target: { value: next } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить ребёнка' }));
    expect(await screen.findByText('Дата рождения не может быть в будущем')).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('refuses markup in the name with the contract’s words', async () => {
    renderModal();
    fireEvent.change(screen.getByLabelText('Имя или никнейм'), {
      target: { value: '<b>Маша</b>' },
    });
    fireEvent.change(screen.getByLabelText('Дата рождения'), {
      target: { value: digitsOf(yearsAgo(4)) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить ребёнка' }));
    expect(await screen.findByText('Имя не может содержать знаки «<» и «>»')).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('says what is missing before sending anything', async () => {
    renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить ребёнка' }));
    expect(await screen.findByText('Напишите имя или никнейм')).toBeTruthy();
    expect(screen.getByText('Укажите дату рождения')).toBeTruthy();
    // The first field to fix takes the focus.
    expect(document.activeElement).toBe(screen.getByLabelText('Имя или никнейм'));
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
      daily_limit_minutes: null,
      no_lessons_after: null,
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
    fireEvent.change(screen.getByLabelText('Имя или никнейм'), {
      target: { value: ' Зайка  🐰 ' },
    });
    fireEvent.change(screen.getByLabelText('Дата рождения'), {
      target: { value: digitsOf(birth) },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Совёнок' }));
    fireEvent.click(screen.getByRole('button', { name: 'Добавить ребёнка' }));

    await waitFor(() => expect(useModalStore.getState().name).toBeNull());
    expect(seen.map((c) => c.url)).toEqual(['profile/child/store', 'profile/child/update']);
    expect(await seen[0]?.body).toEqual({
      name: 'Зайка 🐰',
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
      daily_limit_minutes: null,
      no_lessons_after: null,
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
