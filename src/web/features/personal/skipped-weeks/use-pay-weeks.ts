import { useState } from 'react';
import { goToBank } from '../../checkout';
import { purchaseProblem } from '../../purchase';

/**
 * Skipped weeks of one child, paid at the bank. The server prices them itself from the list it shows
 * (weeks-order needs no purchase-initialization); `onRefused` reloads that list when the server says a
 * week is no longer skipped.
 */
export function usePayWeeks(childId: number, onRefused: () => void) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const pay = async (weeks: number[]) => {
    if (busy || weeks.length === 0) return;
    setBusy(true);
    setProblem(null);
    try {
      await goToBank({ kind: 'weeks', child_id: childId, weeks });
      // The browser is leaving for the bank: the button stays busy so it is not pressed twice.
    } catch (error) {
      setProblem(purchaseProblem(error));
      setBusy(false);
      onRefused();
    }
  };

  return { pay, busy, problem, clearProblem: () => setProblem(null) };
}
