import type { Achievement } from '@contract/api/learning';
import { formatMoscowDate } from '@contract/moscow-date';
import styles from './progress-page.module.scss';

const MEDAL_COLORS = ['#ffc93c', '#2ec4a6', '#ff6fa8', '#4cb8f5', '#ff8a3d', '#6c4cf1'];

/** A steady colour per achievement kind, so the same award always looks the same. */
function colorOf(code: string): string {
  let sum = 0;
  for (const char of code) sum += char.charCodeAt(0);
  return MEDAL_COLORS[sum % MEDAL_COLORS.length] ?? '#ffc93c';
}

function Medal({ color }: { color: string }) {
  return (
    <svg className={styles.medal} viewBox="0 0 56 64" aria-hidden="true" focusable="false">
      <path d="M16 2h10l6 18H22Z" fill="#6c4cf1" />
      <path d="M40 2H30l-6 18h10Z" fill="#ff8a3d" />
      <circle cx="28" cy="40" r="20" fill={color} stroke="#2b2350" strokeWidth="3" />
      <path
        d="m28 29 3.3 6.7 7.4 1-5.4 5.2 1.3 7.3L28 45.7l-6.6 3.5 1.3-7.3-5.4-5.2 7.4-1Z"
        fill="#fff"
        stroke="#2b2350"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The child's awards as medals, newest first. */
export function AchievementBadges({ items }: { items: Achievement[] }) {
  if (items.length === 0) {
    return (
      <p className={styles.muted}>
        Награды появятся после первых уроков: за первый урок, за целую неделю и другие.
      </p>
    );
  }
  const newestFirst = [...items].sort((a, b) => b.earned_at.localeCompare(a.earned_at));
  return (
    <ul className={styles.awards} role="list">
      {newestFirst.map((award) => (
        <li key={award.code} className={styles.award}>
          <Medal color={colorOf(award.code)} />
          <div>
            <h4 className={styles.awardTitle}>{award.title}</h4>
            <p className={styles.awardText}>{award.description}</p>
            <p className={styles.awardDate}>Получена {formatMoscowDate(award.earned_at)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
