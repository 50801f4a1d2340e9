import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ModalShell } from '../../../components/modal/modal-shell';
import { ModalArt } from '../../../components/modal/modal-art';
import { closeModal, useModalStore } from '../../../components/modal/modal-store';
import type { ConfirmModalProps } from '../../../components/modal/modal-props';
import { errorMessage, fieldErrors } from '../../../api/interceptors';
import { Button } from '../../../components/ui/button';
import { toldGlobally } from '../request-errors';
import form from '../../../components/form/form.module.scss';
import content from '../../../components/modal/modal-content.module.scss';
import styles from './confirm-modal.module.scss';

function matches(value: string, expected: string | undefined): boolean {
  if (expected === undefined) return value.trim() !== '';
  return value.trim().toLocaleUpperCase('ru') === expected.toLocaleUpperCase('ru');
}

/** «Вы уверены?» for actions that cannot be undone; optionally with a typed word or the password. */
export default function ConfirmModal({
  title,
  text,
  confirmText,
  cancelText = 'Отмена',
  tone = 'danger',
  prompt,
  onConfirm,
}: ConfirmModalProps) {
  const id = useId();
  const ownKey = useRef(useModalStore.getState().key);
  const {
    register,
    handleSubmit,
    watch,
    formState: { isSubmitting },
  } = useForm<{ value: string }>({ defaultValues: { value: '' } });
  const [failure, setFailure] = useState<{ field: boolean; message: string } | null>(null);
  const value = watch('value');
  const ready = !prompt || matches(value, prompt.expected);

  const submit = handleSubmit(async (values) => {
    if (!ready) return;
    setFailure(null);
    try {
      // The canonical word is sent even when the parent typed it in lower case.
      await onConfirm(prompt?.expected ?? values.value);
      // Unless the action itself moved on to another modal.
      if (useModalStore.getState().key === ownKey.current) closeModal();
    } catch (error) {
      // The global error modal has replaced this one and said why.
      if (toldGlobally(error)) return;
      const byField = Object.values(fieldErrors(error))[0];
      setFailure(
        byField && prompt
          ? { field: true, message: byField }
          : { field: false, message: errorMessage(error) },
      );
    }
  });

  const danger = tone === 'danger';
  return (
    <ModalShell title={title} size="sm" art={<ModalArt kind={danger ? 'error' : 'info'} />}>
      <form className={form.form} onSubmit={(event) => void submit(event)} noValidate>
        <p className={content.text}>{text}</p>
        {failure && !failure.field && (
          <p className={form.alert} role="alert">
            {failure.message}
          </p>
        )}
        {prompt && (
          <div className={form.field}>
            <label className={form.label} htmlFor={`${id}-value`}>
              {prompt.label}
            </label>
            <input
              id={`${id}-value`}
              className={form.input}
              type={prompt.type ?? 'text'}
              autoComplete={prompt.autoComplete ?? 'off'}
              autoCapitalize={prompt.expected ? 'characters' : 'off'}
              spellCheck={false}
              {...register('value')}
              aria-invalid={failure?.field || undefined}
              aria-describedby={`${id}-hint`}
              autoFocus
            />
            {failure?.field ? (
              <span id={`${id}-hint`} className={form.fieldError} role="alert">
                {failure.message}
              </span>
            ) : (
              prompt.hint && (
                <span id={`${id}-hint`} className={styles.hint}>
                  {prompt.hint}
                </span>
              )
            )}
          </div>
        )}
        <div className={content.actions}>
          <Button variant="secondary" onClick={closeModal} autoFocus={!prompt}>
            {cancelText}
          </Button>
          <Button
            type="submit"
            className={danger ? styles.danger : undefined}
            disabled={!ready}
            loading={isSubmitting}
          >
            {confirmText}
          </Button>
        </div>
      </form>
    </ModalShell>
  );
}
