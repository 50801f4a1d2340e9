import { useState } from 'react';
import { errorMessage } from '../../../../api/interceptors';

/** The reason a call of the subscription modals failed, shown beside its button. */
export function useRequestFailure() {
  const [failure, setFailure] = useState<string | null>(null);
  return {
    failure,
    fail: (error: unknown) => setFailure(errorMessage(error)),
    clear: () => setFailure(null),
  };
}
