import styles from './big-play-button.module.scss';

interface BigPlayButtonProps {
  title: string;
  /** Tapped, and the lesson is on its way: the button shows it heard the tap. */
  waiting: boolean;
  onPress: () => void;
}

/** The big play sign over the lesson's picture, for small hands. */
export function BigPlayButton({ title, waiting, onPress }: BigPlayButtonProps) {
  return (
    <button
      type="button"
      className={styles.bigPlay}
      aria-busy={waiting || undefined}
      onClick={onPress}
    >
      <svg viewBox="0 0 48 48" aria-hidden="true">
        {waiting ? <path d="M24 6a18 18 0 1 1-18 18" /> : <path d="M17 11v26l21-13z" />}
      </svg>
      <span className="visually-hidden">
        {waiting ? `Урок «${title}» загружается` : `Смотреть урок «${title}»`}
      </span>
    </button>
  );
}

interface PlayerPlaceholderProps {
  title: string;
  poster: string;
  waiting: boolean;
  onPress: () => void;
}

/**
 * The lesson's picture and play sign while the player's code is still coming: a tap here is kept and the
 * lesson starts once the player is in (docs/PRODUCT.md «The lesson player»).
 */
export function PlayerPlaceholder({ title, poster, waiting, onPress }: PlayerPlaceholderProps) {
  return (
    <div className={styles.placeholder}>
      <img src={poster} alt="" width={640} height={360} />
      <BigPlayButton title={title} waiting={waiting} onPress={onPress} />
    </div>
  );
}
