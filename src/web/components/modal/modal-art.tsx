import styles from './modal-art.module.scss';

export type ModalArtKind = 'error' | 'success' | 'info' | 'wait' | 'gift' | 'lock';

/** The round picture above a message modal's title. */
export function ModalArt({ kind }: { kind: ModalArtKind }) {
  return (
    <svg className={styles.art} data-kind={kind} viewBox="0 0 72 72" aria-hidden="true">
      <circle cx="36" cy="36" r="34" className={styles.circle} />
      {kind === 'error' && (
        <>
          <path d="M36 20v20" className={styles.stroke} />
          <circle cx="36" cy="51" r="3.5" className={styles.fill} />
        </>
      )}
      {kind === 'success' && <path d="m22 37 10 10 19-21" className={styles.stroke} />}
      {kind === 'info' && (
        <>
          <circle cx="36" cy="21" r="3.5" className={styles.fill} />
          <path d="M36 31v21" className={styles.stroke} />
        </>
      )}
      {kind === 'wait' && (
        <>
          <circle cx="36" cy="36" r="17" className={styles.thin} />
          <path d="M36 26v10l7 5" className={styles.stroke} />
        </>
      )}
      {kind === 'gift' && (
        <>
          <rect x="19" y="31" width="34" height="22" rx="3" className={styles.thin} />
          <path d="M16 25h40v7H16zM36 25v28" className={styles.thin} />
          <path
            d="M36 25c-4-9-14-9-12-2 1 3 8 2 12 2 4 0 11 1 12-2 2-7-8-7-12 2"
            className={styles.thin}
          />
        </>
      )}
      {kind === 'lock' && (
        <>
          <rect x="23" y="33" width="26" height="20" rx="4" className={styles.thin} />
          <path d="M28 33v-6a8 8 0 0 1 16 0v6" className={styles.thin} />
        </>
      )}
    </svg>
  );
}
