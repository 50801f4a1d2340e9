import { describe, expect, it } from 'vitest';
import { ProgressReporter, REPORT_EVERY_SECONDS, resumePosition } from './progress-reporter';

function recorder() {
  const sent: [number, boolean][] = [];
  const reporter = new ProgressReporter((position, completed) => {
    sent.push([position, completed]);
    return Promise.resolve();
  });
  return { sent, reporter };
}

describe('ProgressReporter', () => {
  it('reports every few seconds of watching, on pause and once at the end', () => {
    const { sent, reporter } = recorder();
    for (let t = 0; t <= 30; t += 0.25) reporter.tick(t);
    expect(sent).toEqual([
      [REPORT_EVERY_SECONDS, false],
      [REPORT_EVERY_SECONDS * 2, false],
    ]);
    reporter.flush();
    expect(sent.at(-1)).toEqual([30, false]);
    reporter.finish(31.5);
    expect(sent.at(-1)).toEqual([31.5, true]);
    reporter.flush();
    expect(sent).toHaveLength(4);
  });

  it('never reports a position going back (a seek back to rewatch)', () => {
    const { sent, reporter } = recorder();
    reporter.tick(20);
    reporter.tick(3);
    reporter.tick(16);
    expect(sent).toEqual([[20, false]]);
  });
});

describe('resumePosition', () => {
  it('starts where the child stopped, from the start when finished or nearly so', () => {
    expect(resumePosition({ watched_seconds: 40, completed: false }, 120)).toBe(40);
    expect(resumePosition({ watched_seconds: 40, completed: true }, 120)).toBe(0);
    expect(resumePosition({ watched_seconds: 1, completed: false }, 120)).toBe(0);
    expect(resumePosition({ watched_seconds: 119, completed: false }, 120)).toBe(0);
  });
});
