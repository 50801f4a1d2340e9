// What a parent chose before paying, kept in the browser (docs/PRODUCT.md «Product rules»: pay after registering):
// `pay_after` — a tariff chosen by a guest, waiting for registration; `last_pay_after` — the order sent to
// the bank, so the return page knows what was bought; `send-gift` — who a gift being bought is for.
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';

export interface PayAfter {
  kind: 'subscription' | 'gift';
  tariff_id: number;
  /** Upper case, as typed; checked again before paying. */
  promo: string | null;
  recurrent: boolean;
}

export interface LastPayAfter {
  kind: 'subscription' | 'gift' | 'child-slot' | 'weeks' | 'additional-program';
  order_id: string;
  /** The school's number of that order, for the result modal when the server cannot be asked. */
  order_number?: string;
  /** ISO time the parent left for the bank. */
  started_at: string;
}

function readJson(key: string): unknown {
  const raw = readStorage(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

export function readPayAfter(): PayAfter | null {
  const value = readJson(STORAGE_KEYS.payAfter);
  if (!isRecord(value)) return null;
  const { kind, tariff_id: tariffId, promo, recurrent } = value;
  if ((kind !== 'subscription' && kind !== 'gift') || typeof tariffId !== 'number') return null;
  return {
    kind,
    tariff_id: tariffId,
    promo: typeof promo === 'string' && promo !== '' ? promo : null,
    recurrent: recurrent === true,
  };
}

export function writePayAfter(choice: PayAfter): void {
  writeStorage(STORAGE_KEYS.payAfter, JSON.stringify(choice));
}

export function clearPayAfter(): void {
  removeStorage(STORAGE_KEYS.payAfter);
}

export function readLastPayAfter(): LastPayAfter | null {
  const value = readJson(STORAGE_KEYS.lastPayAfter);
  if (!isRecord(value) || typeof value.order_id !== 'string' || typeof value.kind !== 'string') {
    return null;
  }
  return value as unknown as LastPayAfter;
}

export function writeLastPayAfter(order: LastPayAfter): void {
  writeStorage(STORAGE_KEYS.lastPayAfter, JSON.stringify(order));
}

export function readSendGift(): string | null {
  return readStorage(STORAGE_KEYS.sendGift);
}

export function writeSendGift(email: string | null): void {
  if (email) writeStorage(STORAGE_KEYS.sendGift, email);
  else removeStorage(STORAGE_KEYS.sendGift);
}
