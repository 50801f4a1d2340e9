import { DateField, type DateFieldProps } from 'react-admin';
import { MOSCOW_TIME_ZONE } from '@contract/moscow-date';

const OPTIONS: Intl.DateTimeFormatOptions = {
  timeZone: MOSCOW_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

/** A moment as the school shows every time: Russian, Moscow time, whatever the browser's settings. */
export function MoscowDateTime(props: Omit<DateFieldProps, 'locales' | 'options' | 'showTime'>) {
  return (
    <DateField {...props} locales="ru-RU" options={OPTIONS} emptyText={props.emptyText ?? '—'} />
  );
}

/** The same as text, for places that are not a field (a phone's simple list). */
export const formatMoscowDateTime = (iso: string): string =>
  new Date(iso).toLocaleString('ru-RU', OPTIONS);
