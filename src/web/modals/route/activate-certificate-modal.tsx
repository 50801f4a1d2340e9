import { useId, useState, type FormEvent } from 'react';
import { ModalShell } from '../modal-shell';
import { ModalArt } from '../modal-art';
import { closeModal, openModal } from '../modal-store';
import { queryProp } from './query-prop';
import { api } from '../../api/client';
import { errorMessage, fieldErrors } from '../../api/interceptors';
import { loadProfile, useSession } from '../../api/session';
import { Button } from '../../components/ui/button';
import form from '../../components/form/form.module.scss';
import styles from '../modal-content.module.scss';

/** `/activate-certificate`: a parent enters a gift certificate's code (ARCHITECTURE §4 activate {code}). */
export default function ActivateCertificateModal(props: Record<string, unknown>) {
  const id = useId();
  const { isLoggedIn } = useSession();
  const [code, setCode] = useState(queryProp(props, 'code') ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  if (!isLoggedIn) {
    return (
      <ModalShell title="Активация сертификата" size="sm" art={<ModalArt kind="gift" />}>
        <p className={styles.text}>
          Войдите в личный кабинет, чтобы подарочная подписка досталась вашей семье.
        </p>
        <div className={styles.actions}>
          <Button onClick={() => openModal('login')} autoFocus>
            Войти
          </Button>
        </div>
      </ModalShell>
    );
  }

  if (done) {
    return (
      <ModalShell title="Сертификат активирован" size="sm" art={<ModalArt kind="success" />}>
        <p className={styles.text}>Подписка уже работает — можно начинать заниматься.</p>
        <div className={styles.actions}>
          <Button onClick={closeModal} autoFocus>
            Отлично
          </Button>
        </div>
      </ModalShell>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim().toUpperCase();
    if (!value) return setProblem('Введите код сертификата');
    setProblem(null);
    setBusy(true);
    try {
      await api.post('store/subscription/activate', { code: value });
      setDone(true);
      void loadProfile({ skip_error: true });
    } catch (error) {
      setProblem(fieldErrors(error).code ?? errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalShell title="Активация сертификата" size="sm" art={<ModalArt kind="gift" />}>
      <form className={form.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={form.field}>
          <label className={form.label} htmlFor={`${id}-code`}>
            Код сертификата
          </label>
          <input
            id={`${id}-code`}
            className={`${form.input} ${form.upper}`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-error` : undefined}
          />
          {problem && (
            <span id={`${id}-error`} className={form.fieldError} role="alert">
              {problem}
            </span>
          )}
        </div>
        <Button type="submit" size="lg" block loading={busy}>
          Активировать
        </Button>
      </form>
    </ModalShell>
  );
}
