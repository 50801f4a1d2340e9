import { useState } from 'react';
import { errorMessage } from '../../api/interceptors';
import { startTrial } from './lessons-api';

/** Starts the free week; a refusal (already used, not offered) becomes a sentence to show. */
export function useStartTrial() {
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const start = () => {
    setStarting(true);
    setProblem(null);
    startTrial().then(
      () => setStarting(false),
      (error: unknown) => {
        setStarting(false);
        setProblem(errorMessage(error));
      },
    );
  };
  return { start, starting, problem };
}
