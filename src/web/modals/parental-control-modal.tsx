import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ModalShell } from './modal-shell';
import { ModalArt } from './modal-art';
import { closeModal, type ModalPropsMap } from './modal-store';
import { numberInWords, randomGateNumber } from './parental-control/russian-number-words';
import { speakToChild } from './parental-control/speak';
import { Button } from '../components/ui/button';
import form from '../components/form/form.module.scss';
import styles from './modal-content.module.scss';
import gate from './parental-control/parental-control.module.scss';

const CHILD_PROMPT = 'Позови маму или папу';

/**
 * SPEC: leaving the video page needs a grown-up. The task is a number written in words to type as digits:
 * easy for a reading adult, out of reach for a preschooler. Only the right answer lets out; a wrong one
 * keeps the child in and brings a new number.
 */
export default function ParentalControlModal({ onConfirm }: ModalPropsMap['parental-control']) {
  const id = useId();
  const [target, setTarget] = useState(() => randomGateNumber());
  const [answer, setAnswer] = useState('');
  const [wrong, setWrong] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // A child who cannot read hears who the window is for.
  useEffect(() => speakToChild(CHILD_PROMPT), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (answer.replace(/\s/g, '') === String(target)) {
      onConfirm();
      closeModal();
      return;
    }
    setWrong(true);
    setAnswer('');
    setTarget((previous) => {
      let next = randomGateNumber();
      while (next === previous) next = randomGateNumber();
      return next;
    });
    input.current?.focus();
  };

  return (
    <ModalShell title="Только для взрослых" size="sm" art={<ModalArt kind="lock" />}>
      <p className={styles.text}>
        Малыш, позови маму или папу. <br />
        Взрослым: чтобы выйти из уроков, запишите число цифрами.
      </p>
      <form className={form.form} onSubmit={submit} noValidate>
        <div className={form.field}>
          <label className={form.label} htmlFor={`${id}-answer`}>
            Число: <span className={gate.words}>«{numberInWords(target)}»</span>
          </label>
          <input
            ref={input}
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
            <span id={`${id}-error`} className={form.fieldError} role="alert">
              Неверно. Вот новое число — попробуйте ещё раз.
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
