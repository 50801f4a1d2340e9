import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ModalShell } from '../../../components/modal/modal-shell';
import { ModalArt } from '../../../components/modal/modal-art';
import {
  closeModal,
  useModalStore,
  type ModalPropsMap,
} from '../../../components/modal/modal-store';
import { numberInWords, randomGateNumber } from './russian-number-words';
import { speakToChild } from './speak';
import { Button } from '../../../components/ui/button';
import form from '../../../components/form/form.module.scss';
import styles from '../../../components/modal/modal-content.module.scss';
import gate from './parental-control.module.scss';

const CHILD_PROMPT = 'Позови маму или папу';

/**
 * docs/PRODUCT.md: leaving the video page needs a grown-up, and so does every grown-up's choice made on it (study
 * mode, reminders, ending «каникулы»). The task is a number written in words to type as digits: easy for
 * a reading adult, out of reach for a preschooler. Only the right answer lets through; a wrong one keeps
 * the child where they are and brings a new number.
 */
export default function ParentalControlModal({
  onConfirm,
  purpose = 'выйти из уроков',
  confirmText = 'Выйти',
  cancelText = 'Остаться',
}: ModalPropsMap['parental-control']) {
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
      const { key } = useModalStore.getState();
      onConfirm();
      // What the grown-up came for may be another modal, opened by onConfirm: it stays open.
      if (useModalStore.getState().key === key) closeModal();
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
        Взрослым: чтобы {purpose}, запишите число цифрами.
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
            {cancelText}
          </Button>
          <Button type="submit" disabled={!answer.trim()}>
            {confirmText}
          </Button>
        </div>
      </form>
    </ModalShell>
  );
}
