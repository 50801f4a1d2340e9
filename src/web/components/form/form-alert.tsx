import form from './form.module.scss';

/** Why the whole form failed, when no field is to blame; nothing while there is no message. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className={form.alert} role="alert">
      {message}
    </p>
  );
}
