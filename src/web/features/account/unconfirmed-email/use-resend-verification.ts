import { useCallback, useState } from 'react';
import axios from 'axios';
import { ERROR_CODES } from '@contract/api/values';
import { resendVerificationLink } from '../../../api/auth';
import { errorCode, errorMessage } from '../../../api/interceptors';

export type ResendState =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'error'; message: string };

const TOO_OFTEN = 'Письмо уже отправлялось несколько раз. Подождите немного и попробуйте снова.';

/** The «Отправить письмо ещё раз» button's state: a fresh confirmation link, rate-limited (429). */
export function useResendVerification() {
  const [state, setState] = useState<ResendState>({ kind: 'idle' });
  const send = useCallback(async () => {
    setState({ kind: 'sending' });
    try {
      await resendVerificationLink();
      setState({ kind: 'sent' });
    } catch (error) {
      const tooOften = errorCode(error) === ERROR_CODES.rateLimited;
      const message = errorMessage(error);
      // A 429 without the server's own words gets ours, not the generic «Слишком много запросов».
      setState({
        kind: 'error',
        message: tooOften && !hasServerMessage(error) ? TOO_OFTEN : message,
      });
    }
  }, []);
  return { state, send };
}

function hasServerMessage(error: unknown): boolean {
  if (!axios.isAxiosError(error)) return false;
  const data: unknown = error.response?.data;
  return (
    typeof data === 'object' &&
    data !== null &&
    'message' in data &&
    typeof data.message === 'string' &&
    data.message.length > 0
  );
}
