// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ChildSlotsInfo } from '../../../api/store';
import { useModalStore } from '../../../components/modal/modal-store';
import { apiUrl, server, serveApiInTests } from '../../../testing/msw';
import { childOf, renderForFamily } from '../../../testing/family-fixtures';
import StudentsPage from './students-page';

serveApiInTests();
afterEach(() => {
  cleanup();
  useModalStore.setState({ name: null, props: undefined });
});

const masha = childOf(1, 'Маша');

function answerSlots(slots: ChildSlotsInfo) {
  server.use(http.get(apiUrl('store/slot-purchases'), () => HttpResponse.json({ data: slots })));
}

describe('students page places', () => {
  it('counts places by the server and offers one more when all are taken', async () => {
    answerSlots({ total: 1, used: 1, free: 0, bought: 0, price: 49_000 });
    renderForFamily(<StudentsPage />, [masha]);
    expect(await screen.findByText('Занято мест: 1 из 1')).toBeTruthy();
    expect(
      screen.getByRole('heading', {
        name: 'Купить место для ещё одного ребёнка\u00a0— 490\u00a0₽',
      }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить ребёнка' }));
    expect(useModalStore.getState().name).toBe('add-child-without-subscription');
  });

  it('opens the form when a bought place is free, whatever the tariff says', async () => {
    answerSlots({ total: 2, used: 1, free: 1, bought: 1, price: 49_000 });
    renderForFamily(<StudentsPage />, [masha]);
    expect(await screen.findByText('Занято мест: 1 из 2')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Купить место/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить ребёнка' }));
    expect(useModalStore.getState().name).toBe('add-child');
  });
});
