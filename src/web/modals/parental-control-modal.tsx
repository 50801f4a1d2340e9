import { useId, useState, type FormEvent } from 'react';
import { ModalShell } from './modal-shell';
import { ModalArt } from './modal-art';
import { closeModal, type ModalPropsMap } from './modal-store';
import { Button } from '../components/ui/button';
import form from '../components/form/form.module.scss';
import styles from './modal-content.module.scss';

interface Example {
  a: number;
  b: number;
}

function newExample(): Example {
  const pick = () => 3 + Math.floor(Math.random() * 7); // 3…9: easy for a parent, hard for a preschooler
  return { a: pick(), b: pick() };
}

/** SPEC §2/§6: a grown-up confirms leaving the video page by solving a multiplication. */
export default function ParentalControlModal({ onConfirm }: ModalPropsMap['parental-control']) {
  const id = useId();
  const [example, setExample] = useState(newExample);
  const [answer, setAnswer] = useState('');
  const [wrong, setWrong] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (Number(answer.trim()) === example.a * example.b) {
      onConfirm();
      closeModal();
      return;
    }
    setWrong(true);
    setAnswer('');
    setExample(newExample());
  };

  return (
    <ModalShell title="Только для взрослых" size="sm" art={<ModalArt kind="lock" />}>
      <p className={styles.text}>Чтобы выйти из просмотра, решите пример.</p>
      <form className={form.form} onSubmit={submit} noValidate>
        <div className={form.field}>
          <label className={form.label} htmlFor={`${id}-answer`}>
            Сколько будет {example.a} × {example.b}?
          </label>
          <input
            id={`${id}-answer`}
            className={form.input}
            inputMode="numeric"
            autoComplete="off"
            value={answer}
            onChange={(event) => setAnswer(event.target.value)}
            aria-invalid={wrong || undefined}
            aria-describedby={wrong ? `${id}-error` : undefined}
            autoFocus
          />
          {wrong && (
            <span id={`${id}-error`} className={form.fieldError}>
              Неверно. Попробуйте другой пример.
            </span>
          )}
        </div>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={closeModal}>
            Остаться
          </Button>
          <Button type="submit" disabled={!answer.trim()}>
            Выйти
          </Button>
        </div>
      </form>
    </ModalShell>
  );
}
