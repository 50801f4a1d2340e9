// Test kit for the back office's catalogue tests (tariffs, program and week prices): staff sessions, the
// admin API called as the panel calls it, and the store as a parent sees it, over a payments kit
// (./payments.ts) that the file starts itself.
import { expect } from 'vitest';
import { bearer } from './accounts';
import type { PaymentsKit } from './payments';
import { staffSession } from './staff';

export type Json = Record<string, unknown>;

export interface StoreItem {
  id: number;
  price: number;
  benefits: { percents: number; value: number };
  price_text?: string;
}

/** `current` gives the file's payments kit (started in its beforeAll). */
export function adminCatalogCalls(current: () => PaymentsKit) {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string | null,
    payload?: Json,
  ) =>
    current().app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload }),
    });

  return {
    staff: (role: 'admin' | 'editor' | 'support') =>
      staffSession({ db: current().database.db, clock: current().time.clock }, role),

    call,

    errorsOf: (res: { json: () => unknown }) =>
      (res.json() as { errors: Record<string, string[]> }).errors,

    storeList: async (path: 'subscriptions' | 'gifts') =>
      (await call('GET', `/api/store/web/${path}`, null)).json<{ data: StoreItem[] }>().data,

    /** The tariff as the form sends it back: every field of the record, prices in roubles. */
    async formOf(token: string, id: number): Promise<Json> {
      const res = await call('GET', `/api/admin/tariffs/${id}`, token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: Json }>().data;
    },
  };
}
