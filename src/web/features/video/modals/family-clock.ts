/** The time zone of a family without a region, and of most families. */
const MOSCOW = 'Europe/Moscow';

/** The offset of `timeZone` from UTC as people write it: «UTC+5», «UTC+3». */
function utcOffset(timeZone: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(new Date())
    .find((part) => part.type === 'timeZoneName')?.value;
  return (name ?? 'GMT').replace('GMT', 'UTC');
}

/** Whose clock a family's hours are by (reminders, screen time): «По московскому времени» or the region's own, with its offset. */
export function familyClock(timeZone: string): string {
  if (timeZone === MOSCOW) return 'По московскому времени';
  try {
    return `По времени вашего региона (${utcOffset(timeZone)})`;
  } catch {
    // A zone this browser does not know: the hour still holds, by the region's clock.
    return 'По времени вашего региона';
  }
}
