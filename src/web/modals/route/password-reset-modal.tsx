import { useId, useState, type FormEvent } from 'react';
import { ModalShell } from '../modal-shell';
import { ModalArt } from '../modal-art';
import { closeModal, openModal } from '../modal-store';
import { queryProp } from './query-prop';
import { api } from '../../api/client';
import { errorMessage, fieldErrors } from '../../api/interceptors';
import { Button } from '../../components/ui';
import form from '../form.module.scss';
import styles from '../modal-content.module.scss';

/** `/password-reset?token=…&email=…`, the link of the reset mail (ARCHITECTURE §4). */
export default function PasswordResetModal(props: Record<string, unknown>) {
  const id = useId();
  const token = queryProp(props, 'token');
  const email = queryProp(props, 'email');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<{ field?: 'password' | 'repeat'; message: string } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  if (!token || !email) {
    return (
      <ModalShell title="Ссылка неполная" size="sm" art={<ModalArt kind="info" />}>
        <p className={styles.text}>
          Откройте ссылку из письма о восстановлении пароля ещё раз: в этой не хватает данных.
        </p>
        <div className={styles.actions}>
          <Button onClick={closeModal}>Понятно</Button>
        </div>
      </ModalShell>
    );
  }

  if (done) {
    return (
      <ModalShell title="Пароль изменён" size="sm" art={<ModalArt kind="success" />}>
        <p className={styles.text}>
          Войдите с новым паролем. На других устройствах понадобится войти заново.
        </p>
        <div className={styles.actions}>
          <Button onClick={() => openModal('login')} autoFocus>
            Войти
          </Button>
        </div>
      </ModalShell>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setProblem({ field: 'password', message: 'Придумайте новый пароль' });
    if (password !== repeat) return setProblem({ field: 'repeat', message: 'Пароли не совпадают' });
    setProblem(null);
    setBusy(true);
    try {
      await api.post('auth/password/reset', { token, email, password });
      setDone(true);
    } catch (error) {
      const byField = fieldErrors(error);
      setProblem(
        byField.password
          ? { field: 'password', message: byField.password }
          : { message: errorMessage(error) },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalShell title="Новый пароль" size="sm">
      <p className={styles.textLeft}>Для входа с адресом {email}.</p>
      <form className={form.form} onSubmit={submit} noValidate>
        {problem && !problem.field && (
          <p className={form.alert} role="alert">
            {problem.message}
          </p>
        )}
        <div className={form.field}>
          <label className={form.label} htmlFor={`${id}-password`}>
            Новый пароль
          </label>
          <input
            id={`${id}-password`}
            className={form.input}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={problem?.field === 'password' || undefined}
          />
          {problem?.field === 'password' && (
            <span className={form.fieldError}>{problem.message}</span>
          )}
        </div>
        <div className={form.field}>
          <label className={form.label} htmlFor={`${id}-repeat`}>
            Повторите пароль
          </label>
          <input
            id={`${id}-repeat`}
            className={form.input}
            type="password"
            autoComplete="new-password"
            value={repeat}
            onChange={(event) => setRepeat(event.target.value)}
            aria-invalid={problem?.field === 'repeat' || undefined}
          />
          {problem?.field === 'repeat' && (
            <span className={form.fieldError}>{problem.message}</span>
          )}
        </div>
        <Button type="submit" size="lg" block loading={busy}>
          Сохранить пароль
        </Button>
      </form>
    </ModalShell>
  );
}
