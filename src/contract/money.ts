const NBSP = '\u00a0';

const rubles = new Intl.NumberFormat('ru-RU', {
  maximumFractionDigits: 2,
  minimumFractionDigits: 0,
});

/**
 * Kopecks → "1 990 ₽" with a non-breaking space before the sign (and Intl's own between thousands).
 * Whole roubles show no kopecks; otherwise two digits: "99,50 ₽".
 */
export function formatPrice(kopecks: number): string {
  const whole = kopecks % 100 === 0;
  const text = whole
    ? rubles.format(kopecks / 100)
    : new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
        kopecks / 100,
      );
  // Intl uses a narrow no-break space (U+202F) for grouping in ru-RU; keep it, it never breaks.
  return `${text}${NBSP}₽`;
}
