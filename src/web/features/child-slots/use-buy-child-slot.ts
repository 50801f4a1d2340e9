import { useState } from 'react';
import { goToBank } from '../checkout';
import { initializePurchase } from '../../api/store';
import { purchaseProblem } from '../purchase';

/** One more place for a child: the server prices it, the bank's page takes the payment. */
export function useBuyChildSlot() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const buy = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const purchase = await initializePurchase({ ids: [], type: 'child-slot' });
      await goToBank({ kind: 'child-slot', purchase_id: purchase.purchase_id });
      // The browser is leaving for the bank: the button stays busy so it is not pressed twice.
    } catch (error) {
      setProblem(purchaseProblem(error));
      setBusy(false);
    }
  };

  return { buy, busy, problem };
}
