// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { VideoProgress } from '@contract/api/learning';
import { useModalStore } from '../../components/modal/modal-store';
import { installRequestErrors } from '../../testing/request-errors';
import { nonEmptyFilters, reportVideoProgress } from './lessons-api';
import { apiUrl, seen, server, serveApiInTests } from '../../testing/msw';

serveApiInTests();
installRequestErrors();

describe('reportVideoProgress', () => {
  it('sends the position and gives the answer with new achievements', async () => {
    const answer: VideoProgress = {
      lesson_id: 7,
      watched_seconds: 12,
      completed: true,
      new_achievements: [
        { code: 'first', title: 'Первый урок', description: '', earned_at: '2026-01-01T00:00:00Z' },
      ],
      new_sticker: null,
      screen_time: {
        child_id: 3,
        day: '2026-01-01',
        minutes_today: 0,
        daily_limit_minutes: null,
        no_lessons_after: null,
        extra_minutes: 0,
        resting: false,
        reason: null,
        minutes_left: null,
        can_extend: true,
      },
    };
    server.use(
      http.post(apiUrl('profile/achievements/video'), () => HttpResponse.json({ data: answer })),
    );
    const result = await reportVideoProgress({
      child_id: 3,
      lesson_id: 7,
      position_seconds: 12,
      completed: true,
    });
    expect(result).toEqual(answer);
    expect(await seen[0]?.body).toEqual({
      child_id: 3,
      lesson_id: 7,
      position_seconds: 12,
      completed: true,
    });
  });

  it('a failed report is silent: no error modal, the lesson goes on', async () => {
    // The msw default answers 404 for a call the server does not have yet.
    const result = await reportVideoProgress({ child_id: 3, lesson_id: 7, position_seconds: 5 });
    expect(result).toBeNull();
    expect(useModalStore.getState().name).toBeNull();
  });
});

describe('nonEmptyFilters', () => {
  it('sends only the filters that are set', () => {
    expect(nonEmptyFilters({ child_id: 1, type: 'main', week: undefined, program: '' })).toEqual({
      child_id: 1,
      type: 'main',
    });
  });
});
