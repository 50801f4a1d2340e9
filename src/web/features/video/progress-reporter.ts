/** How often the player tells the server where the child is while a lesson plays. */
export const REPORT_EVERY_SECONDS = 12;

type Send = (positionSeconds: number, completed: boolean) => Promise<void>;

/**
 * Decides when the player reports progress: every REPORT_EVERY_SECONDS of watching, when the child pauses
 * or leaves, and once at the end. Positions only move forward, as the server keeps them.
 */
export class ProgressReporter {
  private position = 0;
  private reported = 0;
  private done = false;

  constructor(private readonly send: Send) {}

  tick(currentTime: number): void {
    if (!Number.isFinite(currentTime)) return;
    this.position = Math.max(this.position, currentTime);
    if (this.position - this.reported >= REPORT_EVERY_SECONDS) this.report(false);
  }

  /** Pause or leaving: report what has not been told yet. */
  flush(): void {
    if (this.position - this.reported >= 1 && !this.done) this.report(false);
  }

  finish(duration: number): void {
    this.position = Math.max(this.position, Number.isFinite(duration) ? duration : 0);
    this.done = true;
    this.report(true);
  }

  private report(completed: boolean): void {
    this.reported = this.position;
    void this.send(Math.round(this.position * 10) / 10, completed);
  }
}

/** Where to start: where the child stopped, unless the lesson was finished or nearly so. */
export function resumePosition(
  progress: { watched_seconds: number; completed: boolean },
  duration: number,
): number {
  const at = progress.watched_seconds;
  if (progress.completed || at < 2 || at > duration - 3) return 0;
  return at;
}
