import type { ResendState } from './use-resend-verification';
import { Button } from '../../../components/ui/button';
import { EmailText } from '../../../components/ui/email-text';
import form from '../../../components/form/form.module.scss';
import content from '../../../components/modal/modal-content.module.scss';

interface ResendBlockProps {
  state: ResendState;
  onSend: () => void;
  email?: string;
}

/** The resend button with what came of it, read out to screen readers as it changes. */
export function ResendBlock({ state, onSend, email }: ResendBlockProps) {
  return (
    <>
      <div aria-live="polite">
        {state.kind === 'sent' && (
          <p className={form.note}>
            Отправили новое письмо
            {email && (
              <>
                {' на '}
                <EmailText email={email} />
              </>
            )}
            . Ссылка в нём действует 24 часа.
          </p>
        )}
        {state.kind === 'error' && (
          <p className={form.alert} role="alert">
            {state.message}
          </p>
        )}
      </div>
      {state.kind !== 'sent' && (
        <div className={content.actions}>
          <Button onClick={onSend} loading={state.kind === 'sending'}>
            Отправить письмо ещё раз
          </Button>
        </div>
      )}
    </>
  );
}
