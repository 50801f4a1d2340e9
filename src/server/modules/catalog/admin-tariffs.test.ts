// What the back office's tariffs leave behind: an audit row for each change naming what changed, the one
// error shape for a refusal, and a bought tariff that can be switched off but not deleted.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit } from '../../db/schema/index';
import { bearer } from '../../testing/accounts';
import {
  initialize,
  newParent,
  startPaymentsKit,
  tariffId,
  type PaymentsKit,
} from '../../testing/payments';
import { staffSession } from '../../testing/staff';

let kit: PaymentsKit;
beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => {
  await kit.close();
});

type Json = Record<string, unknown>;
const admin = () => staffSession({ db: kit.database.db, clock: kit.time.clock }, 'admin');
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: Json,
) =>
  kit.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload }),
  });
const auditOf = (id: number) =>
  kit.database.db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.resource, 'tariffs'), eq(adminAudit.recordId, String(id))))
    .orderBy(asc(adminAudit.id));

const NEW_TARIFF = {
  kind: 'subscription',
  title: 'Подписка на 5 месяцев',
  duration: 5,
  amount_children: 1,
  price: 3990,
  is_active: false,
};

describe('the audit trail of a tariff', () => {
  it('records its making, each change by field, and its removal; then it is gone', async () => {
    const token = await admin();
    const created = await call('POST', '/api/admin/tariffs', token, NEW_TARIFF);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ data: { id: number } }>().data;
    const form = (await call('GET', `/api/admin/tariffs/${id}`, token)).json<{ data: Json }>().data;
    const renamed = await call('PUT', `/api/admin/tariffs/${id}`, token, {
      ...form,
      title: 'Подписка на пять месяцев',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await call('DELETE', `/api/admin/tariffs/${id}`, token)).statusCode).toBe(200);

    const rows = await auditOf(id);
    expect(rows.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
    expect(rows[0]?.summary).toMatchObject({ title: NEW_TARIFF.title, price: 399_000 });
    // Only what changed: the price and the rest stayed as they were.
    expect(rows[1]?.summary).toEqual({
      title: 'Подписка на пять месяцев',
      changes: { title: [NEW_TARIFF.title, 'Подписка на пять месяцев'] },
    });
    expect(rows[2]?.summary).toMatchObject({ price: 399_000 });

    const gone = await call('GET', `/api/admin/tariffs/${id}`, token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({
      code: 'not_found',
      message: 'Тариф не найден',
      errors: { error: ['Тариф не найден'] },
    });
    expect((await call('DELETE', `/api/admin/tariffs/${id}`, token)).statusCode).toBe(404);
  });

  it('leaves no row for a refused change', async () => {
    const token = await admin();
    const seeded = await tariffId(kit, 'subscription-6m-1c');
    const before = await auditOf(seeded.id);
    const refused = await call('DELETE', `/api/admin/tariffs/${seeded.id}`, token);
    expect(refused.statusCode).toBe(409);
    const body = refused.json<{ code: string; message: string; errors: Json }>();
    expect(body).toEqual({
      code: 'conflict',
      message: body.message,
      errors: { error: [body.message] },
    });
    expect(body.message).toMatch(/Выключите его/);
    const form = (await call('GET', `/api/admin/tariffs/${seeded.id}`, token)).json<{
      data: Json;
    }>().data;
    const badPrice = await call('PUT', `/api/admin/tariffs/${seeded.id}`, token, {
      ...form,
      price: 0,
    });
    expect(badPrice.statusCode).toBe(422);
    expect(await auditOf(seeded.id)).toEqual(before);
  });
});

describe('a tariff someone chose', () => {
  it('reads as sold, keeps its terms, and may still be switched off but not deleted', async () => {
    const token = await admin();
    const created = await call('POST', '/api/admin/tariffs', token, {
      ...NEW_TARIFF,
      title: 'Подписка на 7 месяцев',
      duration: 7,
      is_active: true,
    });
    const { id } = created.json<{ data: { id: number } }>().data;
    await initialize(kit, await newParent(kit), 'subscription', [id]);
    const form = (await call('GET', `/api/admin/tariffs/${id}`, token)).json<{ data: Json }>().data;
    expect(form).toMatchObject({ sold: true });

    const longer = await call('PUT', `/api/admin/tariffs/${id}`, token, { ...form, duration: 8 });
    expect(longer.json<{ errors: Json }>().errors).toEqual({
      duration: [
        'Тариф уже покупали: вид, срок и число детей не меняются. Создайте новый тариф, а этот выключите',
      ],
    });
    const off = await call('PUT', `/api/admin/tariffs/${id}`, token, { ...form, is_active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<{ data: Json }>().data).toMatchObject({ is_active: false, duration: 7 });
    expect((await call('DELETE', `/api/admin/tariffs/${id}`, token)).statusCode).toBe(409);
    expect((await call('GET', `/api/admin/tariffs/${id}`, token)).statusCode).toBe(200);
  });
});
