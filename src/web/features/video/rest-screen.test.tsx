// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ScreenTime } from '@contract/api/screen-time';
import { useModalStore, type ModalPropsMap } from '../../components/modal/modal-store';
import { queryClient } from '../../api/query-client';
import { apiUrl, seen, server, serveApiInTests } from '../../testing/msw';
import { RestScreen } from './rest-screen';

serveApiInTests();
afterEach(() => {
  cleanup();
  useModalStore.setState({ name: null, props: undefined });
  queryClient.clear();
});

const resting: ScreenTime = {
  child_id: 3,
  day: '2026-11-24',
  minutes_today: 15,
  daily_limit_minutes: 15,
  no_lessons_after: null,
  extra_minutes: 0,
  resting: true,
  reason: 'limit',
  minutes_left: 0,
  can_extend: true,
};

describe('RestScreen', () => {
  it('is a picture first, with the words for the grown-up and screen readers', () => {
    render(<RestScreen state={resting} />);
    expect(screen.getByRole('img', { name: /Месяц спит/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Пора отдохнуть' })).toBeTruthy();
    expect(screen.getByText(/посмотрел 15\s+минут уроков/)).toBeTruthy();
  });

  it('says why in the evening', () => {
    render(<RestScreen state={{ ...resting, reason: 'late', no_lessons_after: 19 }} />);
    expect(screen.getByText(/после 19:00 ребёнок отдыхает/)).toBeTruthy();
  });

  it('adds 15 minutes only after the grown-up’s task, and the page learns the new state', async () => {
    const open: ScreenTime = { ...resting, resting: false, reason: null, extra_minutes: 15 };
    server.use(
      http.post(apiUrl('profile/screen-time/extend'), () => HttpResponse.json({ data: open })),
    );
    render(<RestScreen state={resting} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ещё 15\u00a0минут' }));
    // The gate opens; nothing is asked of the server before it is passed.
    const gate = useModalStore.getState();
    expect(gate.name).toBe('parental-control');
    expect(seen).toHaveLength(0);
    (gate.props as ModalPropsMap['parental-control']).onConfirm();
    await waitFor(() =>
      expect(queryClient.getQueryData<ScreenTime[]>(['screen-time'])).toEqual([open]),
    );
    expect(await seen[0]?.body).toEqual({ child_id: 3 });
  });

  it('offers no more minutes once the day’s extensions are used up', () => {
    render(<RestScreen state={{ ...resting, can_extend: false, extra_minutes: 60 }} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText(/до завтра/)).toBeTruthy();
  });
});
