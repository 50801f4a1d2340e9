import styles from './splash.module.scss';

/** Shown while the first page's chunk arrives; the same look as the splash in index.html. */
export function Splash() {
  return (
    <div className={styles.splash} role="status" aria-label="Загрузка">
      <span className={styles.dot} />
      <span className={styles.dot} />
      <span className={styles.dot} />
    </div>
  );
}
