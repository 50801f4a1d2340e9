import { useEffect, useRef } from 'react';
import type { Achievement, Sticker } from '@contract/api/learning';
import { STICKER_NAMES } from '@contract/api/stickers';
import { StickerArt } from '../stickers';
import styles from './lesson-player.module.scss';

/**
 * A finished lesson's sticker, or a new achievement: the big picture first (the sticker itself, or a cup
 * and confetti), a few words second, so a child who cannot read still sees that something good happened.
 */
export function Celebration({
  achievements,
  sticker,
  onDone,
}: {
  achievements: Achievement[];
  sticker: Sticker | null;
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
      {sticker ? (
        <span className={styles.newSticker} data-sticker={sticker.sticker}>
          <StickerArt slug={sticker.sticker} size={120} />
        </span>
      ) : (
        <Cup />
      )}
      <p className={styles.celebrationTitle}>
        {sticker
          ? `Ура! Новая наклейка: ${STICKER_NAMES[sticker.sticker]}`
          : achievements.length > 1
            ? 'Ура! Новые награды'
            : 'Ура! Новая награда'}
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

function Cup() {
  return (
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
  );
}
