import { useState } from 'react';
import { goToBank } from '../../checkout';
import { initializePurchase } from '../../../api/store';
import { purchaseProblem } from '../../purchase';

/** An additional program for the chosen children: priced by the server from the offer, paid at the bank. */
export function useBuyProgram() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const buy = async (offerId: number, childIds: number[]) => {
    if (busy || childIds.length === 0) return;
    setBusy(true);
    setProblem(null);
    try {
      const purchase = await initializePurchase({ ids: [offerId], type: 'additional-program' });
      await goToBank({ kind: 'additional-program', purchase_id: purchase.purchase_id, childIds });
      // The browser is leaving for the bank: the button stays busy so it is not pressed twice.
    } catch (error) {
      setProblem(purchaseProblem(error));
      setBusy(false);
    }
  };

  return { buy, busy, problem, clearProblem: () => setProblem(null) };
}
