import { useEffect, useState } from 'react';
import { ModalShell } from '../modal-shell';
import { ModalArt } from '../modal-art';
import { closeModal } from '../modal-store';
import { queryProp } from './query-prop';
import { api } from '../../api/client';
import { loadProfile } from '../../api/session';
import { Button } from '../../components/ui';
import styles from '../modal-content.module.scss';

type State = 'checking' | 'confirmed' | 'no-token';

/**
 * `/confirmed?verified_token=…`, the link of the confirmation mail (ARCHITECTURE §4). A failed check
 * opens the global error modal with the server's reason (SPEC §8), which replaces this one.
 */
export default function EmailConfirmedModal(props: Record<string, unknown>) {
  const token = queryProp(props, 'verified_token');
  const [state, setState] = useState<State>(token ? 'checking' : 'no-token');

  useEffect(() => {
    if (!token) return;
    let alive = true;
    api
      .get('auth/register/verification', { params: { verified_token: token } })
      .then(() => {
        if (!alive) return;
        setState('confirmed');
        void loadProfile({ skip_error: true });
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [token]);

  if (state === 'no-token') {
    return (
      <ModalShell title="Ссылка неполная" size="sm" art={<ModalArt kind="info" />}>
        <p className={styles.text}>
          В ссылке нет кода подтверждения. Откройте письмо ещё раз и нажмите кнопку «Подтвердить
          почту».
        </p>
        <div className={styles.actions}>
          <Button onClick={closeModal}>Понятно</Button>
        </div>
      </ModalShell>
    );
  }
  if (state === 'checking') {
    return (
      <ModalShell title="Подтверждаем почту…" size="sm" art={<ModalArt kind="wait" />}>
        <p className={styles.text} aria-live="polite">
          Это займёт пару секунд.
        </p>
      </ModalShell>
    );
  }
  return (
    <ModalShell title="Почта подтверждена" size="sm" art={<ModalArt kind="success" />}>
      <p className={styles.text}>
        Спасибо! Теперь мы сможем присылать вам чеки и напоминания о занятиях.
      </p>
      <div className={styles.actions}>
        <Button onClick={closeModal} autoFocus>
          Отлично
        </Button>
      </div>
    </ModalShell>
  );
}
