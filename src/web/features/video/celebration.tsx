import { useEffect, useRef } from 'react';
import type { Achievement } from '@contract/api/learning';
import styles from './lesson-player.module.scss';

/**
 * A new achievement: a big cup and confetti first, a few words second, so a child who cannot read still
 * sees that something good happened.
 */
export function Celebration({
  achievements,
  onDone,
}: {
  achievements: Achievement[];
  onDone: () => void;
}) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    button.current?.focus();
    const timer = window.setTimeout(onDone, 8000);
    return () => window.clearTimeout(timer);
  }, [onDone]);
  return (
    <div className={styles.celebration} role="status">
      <svg className={styles.cup} viewBox="0 0 96 96" aria-hidden="true">
        <circle cx="14" cy="18" r="4" fill="#ff6fa8" />
        <circle cx="82" cy="14" r="4" fill="#4cb8f5" />
        <circle cx="86" cy="52" r="3" fill="#2ec4a6" />
        <circle cx="10" cy="58" r="3" fill="#ff8a3d" />
        <path d="M28 16h40v18a20 20 0 0 1-40 0z" fill="#ffc93c" stroke="#2b2350" strokeWidth="3" />
        <path
          d="M28 22H16a10 10 0 0 0 12 14M68 22h12a10 10 0 0 1-12 14"
          fill="none"
          stroke="#2b2350"
          strokeWidth="3"
        />
        <path d="M48 54v14M34 80h28l-4-12H38z" fill="#ffc93c" stroke="#2b2350" strokeWidth="3" />
      </svg>
      <p className={styles.celebrationTitle}>
        {achievements.length > 1 ? 'Ура! Новые награды' : 'Ура! Новая награда'}
      </p>
      {achievements.length > 0 && (
        <p className={styles.celebrationText}>
          {achievements.map((achievement) => `«${achievement.title}»`).join(', ')}
        </p>
      )}
      <button ref={button} type="button" className={styles.again} onClick={onDone}>
        Дальше
      </button>
    </div>
  );
}
