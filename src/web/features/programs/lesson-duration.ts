const NBSP = '\u00a0';

/** A lesson's length as a timetable writes it: «12 сек», «5 мин», «1 ч 5 мин». */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.max(0, Math.round(seconds))}${NBSP}сек`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes}${NBSP}мин`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours}${NBSP}ч` : `${hours}${NBSP}ч ${rest}${NBSP}мин`;
}
