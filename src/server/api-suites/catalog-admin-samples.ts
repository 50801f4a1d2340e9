// Minimal requests of the back office's catalogue calls (tariffs, prices, gift certificates). Each sample
// makes rows of its own, switched off, so the store the other samples buy from never changes under them.
import { eq } from 'drizzle-orm';
import {
  additionalPrograms,
  giftCertificates,
  mainPrograms,
  purchases,
  tariffs,
  users,
} from '../db/schema/index';
import { randomToken } from '../modules/auth/tokens';
import type { FixtureDeps } from './families';
import type { Sample } from './sample';

const suffix = () =>
  randomToken()
    .slice(0, 10)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x');

const tariffBody = () => ({
  kind: 'subscription',
  title: 'Подписка на 2 месяца',
  duration: 2,
  amount_children: 1,
  price: 1790,
  is_active: false,
});

async function tariffId(deps: FixtureDeps): Promise<string> {
  const [row] = await deps.db
    .insert(tariffs)
    .values({
      code: `admin-matrix-${suffix()}`,
      kind: 'subscription',
      title: 'Подписка на 2 месяца',
      duration: 2,
      amountChildren: 1,
      price: 179_000,
      isActive: false,
    })
    .returning({ id: tariffs.id });
  if (!row) throw new Error('the tariff was not inserted');
  return String(row.id);
}

async function programId(deps: FixtureDeps): Promise<string> {
  const [row] = await deps.db
    .insert(additionalPrograms)
    .values({
      slug: `matrix-${suffix()}`,
      title: 'Шахматы',
      description: 'Первые ходы.',
      icon: 'chess',
      isActive: false,
    })
    .returning({ id: additionalPrograms.id });
  if (!row) throw new Error('the program was not inserted');
  return String(row.id);
}

/** A main program of the seed with its own price: the sample sets the price it already has. */
async function weekPrice(deps: FixtureDeps): Promise<{ id: string; roubles: number }> {
  const [row] = await deps.db
    .select({ id: mainPrograms.id, price: mainPrograms.weekPrice })
    .from(mainPrograms)
    .limit(1);
  if (!row) throw new Error('the seed has no main program');
  return { id: String(row.id), roubles: Math.max(1, Math.round(row.price / 100)) };
}

/** A stranger's paid gift with its certificate: never A's, whom the matrix guards. */
async function certificateId(deps: FixtureDeps): Promise<string> {
  const [buyer] = await deps.db
    .insert(users)
    .values({ email: `gift-buyer-${suffix()}@example.ru`, name: 'Гость' })
    .returning({ id: users.id });
  const [tariff] = await deps.db
    .select({ id: tariffs.id, price: tariffs.price })
    .from(tariffs)
    .where(eq(tariffs.kind, 'gift'))
    .limit(1);
  if (!buyer || !tariff) throw new Error('no buyer or gift tariff');
  const [purchase] = await deps.db
    .insert(purchases)
    .values({
      userId: buyer.id,
      type: 'gift',
      status: 'paid',
      lines: [],
      tariffId: tariff.id,
      amount: tariff.price,
      total: tariff.price,
    })
    .returning({ id: purchases.id });
  if (!purchase) throw new Error('the purchase was not inserted');
  const code = suffix().toUpperCase().padEnd(12, 'X').slice(0, 12);
  const [row] = await deps.db
    .insert(giftCertificates)
    .values({
      purchaseId: purchase.id,
      buyerId: buyer.id,
      tariffId: tariff.id,
      code: `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`,
      expiresAt: new Date(deps.clock().getTime() + 365 * 24 * 3_600_000),
    })
    .returning({ id: giftCertificates.id });
  if (!row) throw new Error('the certificate was not inserted');
  return String(row.id);
}

export const CATALOG_ADMIN_SAMPLES: Record<string, Sample> = {
  'POST /api/admin/tariffs': { build: () => ({ body: tariffBody() }) },
  'GET /api/admin/tariffs/{id}': {
    build: async ({ deps }) => ({ params: { id: await tariffId(deps) } }),
  },
  'PUT /api/admin/tariffs/{id}': {
    build: async ({ deps }) => ({ params: { id: await tariffId(deps) }, body: tariffBody() }),
  },
  'DELETE /api/admin/tariffs/{id}': {
    build: async ({ deps }) => ({ params: { id: await tariffId(deps) } }),
  },
  'GET /api/admin/program-prices/{id}': {
    build: async ({ deps }) => ({ params: { id: await programId(deps) } }),
  },
  'PUT /api/admin/program-prices/{id}': {
    build: async ({ deps }) => ({
      params: { id: await programId(deps) },
      body: { offers: [{ amount_children: 1, price: 990, is_active: true }] },
    }),
  },
  'GET /api/admin/week-prices/{id}': {
    build: async ({ deps }) => ({ params: { id: (await weekPrice(deps)).id } }),
  },
  'PUT /api/admin/week-prices/{id}': {
    build: async ({ deps }) => {
      const { id, roubles } = await weekPrice(deps);
      return { params: { id }, body: { week_price: roubles } };
    },
  },
  'GET /api/admin/gift-certificates': { staffSeesFamilies: true, build: () => ({}) },
  'GET /api/admin/gift-certificates/{id}': {
    build: async ({ deps }) => ({ params: { id: await certificateId(deps) } }),
  },
  'POST /api/admin/gift-certificates/{id}/cancel': {
    build: async ({ deps }) => ({
      params: { id: await certificateId(deps) },
      body: { reason: 'Платёж оспорен владельцем карты' },
    }),
  },
};
