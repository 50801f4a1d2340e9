/** «12 сек», «3 мин»: how long a lesson is, as a parent reads it. */
export function lessonDuration(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))}\u00a0сек`;
  return `${Math.round(seconds / 60)}\u00a0мин`;
}
