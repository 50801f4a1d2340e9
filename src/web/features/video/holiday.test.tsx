// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Child } from '@contract/api/auth';
import type { LessonItem } from '@contract/api/lessons';
import type { RenewalState } from '@contract/api/renewals';
import { useModalStore } from '../../components/modal/modal-store';
import { HolidayBanner } from './holiday';
import { LockActions } from './lock-actions';

beforeEach(() => {
  useModalStore.setState({ name: null, props: undefined, onClose: undefined, key: 0 });
});
afterEach(cleanup);

const state: RenewalState & { paused_until: string } = {
  active: true,
  next_charge_at: '2027-01-10T09:00:00.000Z',
  amount: 99000,
  tariff_title: '1 месяц',
  months: 1,
  can_enable: false,
  failed_attempts: 0,
  stopped_by_bank: false,
  paid_until: '2027-01-10T09:00:00.000Z',
  card: { masked_pan: '4111**1111' },
  paused_until: '2026-12-17T09:00:00.000Z',
  pauses_left: 1,
  pause_weeks_left: 0,
  paid: true,
};

const child: Child = {
  id: 1,
  name: 'Маша',
  birth_date: '2022-06-01',
  age_group: 'four-five',
  avatar: 'owl',
  remind_about_lessons: true,
  study_mode: 'schedule',
  daily_limit_minutes: null,
  no_lessons_after: null,
};

const pausedLesson: LessonItem = {
  id: 7,
  title: 'Считаем до пяти',
  description: '',
  position: 2,
  week: 1,
  duration_seconds: 600,
  is_preview: false,
  available: false,
  lock_reason: 'paused',
  lock_message: 'Каникулы до 17 декабря 2026: тогда уроки откроются снова',
  video: { url: null, hls_url: null, poster: '/poster.jpg', subtitles: null },
  task: null,
  progress: { watched_seconds: 0, completed: false },
};

describe('«Каникулы» on /video', () => {
  it('the banner says until when, what the pause did to the subscription, and offers nothing to buy', () => {
    render(<HolidayBanner state={state} />);
    expect(screen.getByRole('heading', { name: /^Каникулы до 17 декабря 2026/ })).toBeTruthy();
    const text = document.body.textContent ?? '';
    expect(text).toMatch(/17 декабря 2026 уроки откроются сами/);
    expect(text).toMatch(/подписка продлится на время каникул — до 10 января 2027/);
    expect(text).toMatch(/Следующее списание тоже сдвинулось — на 10 января 2027/);
    expect(text).not.toMatch(/пробн|Выбрать подписку|Купить/);
  });

  it('ending the holiday early asks the grown-up first', () => {
    render(<HolidayBanner state={state} />);
    fireEvent.click(screen.getByRole('button', { name: 'Закончить каникулы' }));
    expect(useModalStore.getState()).toMatchObject({
      name: 'parental-control',
      props: { purpose: 'закончить каникулы' },
    });
  });

  it('a lesson closed by the holiday offers its end, not a subscription', () => {
    render(
      <MemoryRouter>
        <LockActions
          lesson={pausedLesson}
          child={child}
          canStartTrial={false}
          onChooseChild={() => {}}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText(/Каникулы до 17 декабря/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Закончить каникулы' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /подписк/i })).toBeNull();
    expect(screen.queryByRole('button', { name: /бесплатн/i })).toBeNull();
  });
});
