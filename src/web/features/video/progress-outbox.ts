// Progress reports that could not reach the school — a lesson watched in a car, kept for the road — wait
// here, in local storage, and go when the connection is back (docs/OFFLINE-LESSONS.md). One
// report per child and lesson: the furthest position, and «finished» once it was. The server keeps only
// the furthest position either way, so sending late loses nothing and sending twice counts nothing twice.
import type { VideoProgressBody } from '@contract/api/learning';
import { readList, writeList } from '../../lib/storage-keys';

export const OUTBOX_STORAGE_KEY = 'progress_outbox';

/** What one attempt to send gave: sent (or refused for good, so dropped), or not through (kept). */
export type SendOutcome = 'done' | 'retry';

/** A report as it waits: with when the first report of its lesson began to wait (ms since the epoch). */
export type WaitingReport = VideoProgressBody & { queued_at: number };

const MAX_WAIT_S = 14 * 24 * 60 * 60;

function isReport(value: unknown): value is WaitingReport {
  if (typeof value !== 'object' || value === null) return false;
  const report = value as Partial<WaitingReport>;
  return (
    typeof report.child_id === 'number' &&
    typeof report.lesson_id === 'number' &&
    typeof report.position_seconds === 'number' &&
    typeof report.queued_at === 'number'
  );
}

export function pendingReports(): WaitingReport[] {
  return readList(OUTBOX_STORAGE_KEY, isReport);
}

function write(reports: readonly WaitingReport[]): void {
  writeList(OUTBOX_STORAGE_KEY, reports);
}

const sameLesson = (a: VideoProgressBody, b: VideoProgressBody) =>
  a.child_id === b.child_id && a.lesson_id === b.lesson_id;

export function queueReport(report: VideoProgressBody, now = Date.now()): void {
  const reports = pendingReports();
  const earlier = reports.find((r) => sameLesson(r, report));
  const completed = report.completed === true || earlier?.completed === true;
  const merged: WaitingReport = {
    child_id: report.child_id,
    lesson_id: report.lesson_id,
    position_seconds: Math.max(report.position_seconds, earlier?.position_seconds ?? 0),
    ...(completed ? { completed: true } : {}),
    queued_at: earlier?.queued_at ?? now,
  };
  write([...reports.filter((r) => !sameLesson(r, report)), merged]);
}

let flushing: Promise<void> | null = null;

/**
 * The report as the school takes it: with how long it waited, so the school counts what could have been
 * watched meanwhile (docs/OFFLINE-LESSONS.md).
 */
function asSent({ queued_at: queuedAt, ...report }: WaitingReport, now: number): VideoProgressBody {
  const waited = Math.round((now - queuedAt) / 1000);
  return { ...report, waited_seconds: Math.max(0, Math.min(MAX_WAIT_S, waited)) };
}

/** Sends what waits, oldest first; stops at the first that does not get through (still no network). */
export function flushReports(
  send: (report: VideoProgressBody) => Promise<SendOutcome>,
  now: () => number = Date.now,
): Promise<void> {
  flushing ??= (async () => {
    try {
      for (const report of pendingReports()) {
        if ((await send(asSent(report, now()))) === 'retry') return;
        // Dropped by itself only: a newer report of the same lesson may have come meanwhile.
        write(
          pendingReports().filter(
            (r) => !(sameLesson(r, report) && r.position_seconds <= report.position_seconds),
          ),
        );
      }
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}
