// What the back office's lesson screen says about a lesson video's adaptive ladder (HLS).
import type { AdminLesson } from '@contract/api/admin-learning';
import type { LadderRow } from '../media';

export type VideoStatus = AdminLesson['video_status'];

/** NBSP before the percent sign, as Russian typography wants. */
const percent = (n: number) => `${n}\u00a0%`;

export function videoStatusOf(
  ladder: Pick<LadderRow, 'state' | 'progress' | 'error'> | undefined,
): VideoStatus {
  if (!ladder) {
    return {
      state: 'none',
      progress: 0,
      message: 'Видео ещё не поставлено в очередь: урок показывает исходный файл',
    };
  }
  switch (ladder.state) {
    case 'queued':
      return {
        state: 'queued',
        progress: 0,
        message: 'Видео в очереди на подготовку: пока урок показывает исходный файл',
      };
    case 'running':
      return {
        state: 'running',
        progress: ladder.progress,
        message: `Готовим видео: ${percent(ladder.progress)}`,
      };
    case 'ready':
      return { state: 'ready', progress: 100, message: 'Готово' };
    case 'failed':
      return {
        state: 'failed',
        progress: 0,
        message: ladder.error ?? 'Видео не получилось подготовить: загрузите его заново',
      };
  }
}
