// Sizes as a Russian parent reads them: «48 МБ», «1,2 ГБ», with a non-breaking space before the unit.
const MB = 1024 * 1024;
const GB = 1024 * MB;

const number = (value: number, digits: number) =>
  new Intl.NumberFormat('ru-RU', { maximumFractionDigits: digits }).format(value);

export function formatSize(bytes: number): string {
  if (bytes >= GB) return `${number(bytes / GB, 1)}\u00a0ГБ`;
  if (bytes <= 0) return '0\u00a0МБ';
  // Under a megabyte still reads as one: nobody keeps a lesson of kilobytes.
  return `${number(Math.max(1, Math.round(bytes / MB)), 0)}\u00a0МБ`;
}

/** Done of total as a whole percent, 100 only when all is there. */
export function percentOf(done: number, total: number): number {
  if (total <= 0) return 0;
  return done >= total ? 100 : Math.min(99, Math.floor((done / total) * 100));
}
