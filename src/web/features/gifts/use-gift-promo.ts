import { useCallback, useEffect, useRef, useState } from 'react';
import { checkPromocode, type Promocode } from '../../api/store';
import { errorMessage, fieldErrors } from '../../api/interceptors';
import { normalizePromo } from './gift-tariffs';

export interface GiftPromo {
  /** What is in the field, upper case. */
  input: string;
  setInput: (value: string) => void;
  /** The code the server accepted for the chosen tariff, with the price it gives. */
  applied: Promocode | null;
  error: string | null;
  checking: boolean;
  /** Checks the field's code; resolves to the accepted code or null (the error is set). */
  apply: (code?: string) => Promise<Promocode | null>;
}

/**
 * The gift's promo code, checked by the server against the chosen tariff. A code applied to one tariff is
 * checked again when the tariff changes: the discount (a fixed sum, a percent) depends on the price.
 */
export function useGiftPromo(tariffId: number | undefined, initial: string | null): GiftPromo {
  const [input, setRawInput] = useState(() => normalizePromo(initial ?? ''));
  const [applied, setApplied] = useState<{ promo: Promocode; tariffId: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const latest = useRef(0);

  const apply = useCallback(
    async (code: string = input): Promise<Promocode | null> => {
      const clean = normalizePromo(code);
      if (tariffId === undefined) return null;
      if (!clean) {
        setError('Введите промокод');
        setApplied(null);
        return null;
      }
      const request = ++latest.current;
      setChecking(true);
      setError(null);
      try {
        const promo = await checkPromocode({ code: clean, type: 'gift', ids: [tariffId] });
        if (request !== latest.current) return null;
        setApplied({ promo, tariffId });
        return promo;
      } catch (failure) {
        if (request !== latest.current) return null;
        setApplied(null);
        setError(fieldErrors(failure).code ?? errorMessage(failure));
        return null;
      } finally {
        if (request === latest.current) setChecking(false);
      }
    },
    [input, tariffId],
  );

  // A code kept from before registering is applied as soon as the tariff is known.
  const appliedInitial = useRef(false);
  useEffect(() => {
    if (appliedInitial.current || tariffId === undefined || !initial) return;
    appliedInitial.current = true;
    void apply(initial);
  }, [apply, initial, tariffId]);

  // Another tariff: the same code, checked again for its price.
  const appliedTariff = applied?.tariffId;
  const appliedCode = applied?.promo.code;
  useEffect(() => {
    if (appliedCode && tariffId !== undefined && appliedTariff !== tariffId)
      void apply(appliedCode);
  }, [apply, appliedCode, appliedTariff, tariffId]);

  const setInput = (value: string) => {
    const next = normalizePromo(value);
    setRawInput(next);
    setError(null);
    // An edited code is not the one applied any more.
    if (applied && applied.promo.code !== next) setApplied(null);
  };

  return {
    input,
    setInput,
    applied: applied && applied.tariffId === tariffId ? applied.promo : null,
    error,
    checking,
    apply,
  };
}
