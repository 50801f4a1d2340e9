import styles from './video-modals.module.scss';

const TONES = ['primary', 'accent', 'mint', 'sky', 'pink'] as const;

/** A round initial in one of the brand colours, steady for each child. */
export function ChildBadge({ name, id, size }: { name: string; id: number; size: 'sm' | 'lg' }) {
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span
      className={styles.badge}
      data-tone={TONES[Math.abs(id) % TONES.length]}
      data-size={size}
      aria-hidden="true"
    >
      {initial}
    </span>
  );
}
