// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { VideoProgressBody } from '@contract/api/learning';
import { flushReports, pendingReports, queueReport } from './progress-outbox';

beforeEach(() => window.localStorage.clear());

describe('progress watched without a connection', () => {
  it('waits as one report per child and lesson: the furthest point, finished once it was', () => {
    queueReport({ child_id: 1, lesson_id: 10, position_seconds: 30 }, 1_000);
    queueReport({ child_id: 1, lesson_id: 10, position_seconds: 95, completed: true }, 2_000);
    queueReport({ child_id: 1, lesson_id: 10, position_seconds: 12 }, 3_000);
    queueReport({ child_id: 2, lesson_id: 10, position_seconds: 5 }, 4_000);
    expect(pendingReports()).toEqual([
      { child_id: 1, lesson_id: 10, position_seconds: 95, completed: true, queued_at: 1_000 },
      { child_id: 2, lesson_id: 10, position_seconds: 5, queued_at: 4_000 },
    ]);
  });

  it('tells the school how long it waited, from the lesson’s first report that could not go', async () => {
    queueReport({ child_id: 1, lesson_id: 10, position_seconds: 30 }, 1_000);
    queueReport({ child_id: 1, lesson_id: 10, position_seconds: 300 }, 200_000);
    const sent: VideoProgressBody[] = [];
    await flushReports(
      async (report) => {
        sent.push(report);
        return 'done';
      },
      () => 301_000,
    );
    expect(sent).toEqual([
      { child_id: 1, lesson_id: 10, position_seconds: 300, waited_seconds: 300 },
    ]);
  });

  it('goes when the connection is back, and what does not get through waits for the next time', async () => {
    queueReport({ child_id: 1, lesson_id: 10, position_seconds: 30 });
    queueReport({ child_id: 1, lesson_id: 11, position_seconds: 40 });
    const sent: VideoProgressBody[] = [];
    await flushReports(async (report) => {
      sent.push(report);
      return report.lesson_id === 10 ? 'done' : 'retry';
    });
    expect(sent.map((r) => r.lesson_id)).toEqual([10, 11]);
    expect(pendingReports()).toMatchObject([{ child_id: 1, lesson_id: 11, position_seconds: 40 }]);
    await flushReports(async () => 'done');
    expect(pendingReports()).toEqual([]);
  });

  it('keeps a report that came while an older one of the same lesson was being sent', async () => {
    queueReport({ child_id: 1, lesson_id: 10, position_seconds: 30 });
    await flushReports(async () => {
      queueReport({ child_id: 1, lesson_id: 10, position_seconds: 60 });
      return 'done';
    });
    expect(pendingReports()).toMatchObject([{ child_id: 1, lesson_id: 10, position_seconds: 60 }]);
  });
});
