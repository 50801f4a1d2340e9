import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familySubscriptions } from '../../db/schema/index';
import { deliveredMail } from '../../testing/accounts';
import {
  initialize,
  newParent,
  orderState,
  post,
  register,
  startPaymentsKit,
  tariffId,
  type PaymentsKit,
  type Parent,
} from '../../testing/payments';
import { addMonths } from '../subscriptions/service';
import { newCertificateCode, normalizeCertificateCode } from './certificates';

let kit: PaymentsKit;
beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => {
  await kit.close();
});

const get = (url: string, parent: Parent) =>
  kit.app.inject({ url, headers: { authorization: `Bearer ${parent.token}` } });

async function buyGift(buyer: Parent, code = 'gift-6m-1c') {
  const tariff = await tariffId(kit, code);
  const purchaseId = await initialize(kit, buyer, 'gift', [tariff.id]);
  const order = await register(kit, buyer, 'register/gift-order', { purchase_id: purchaseId });
  kit.bank.pay(order.order_id);
  expect((await orderState(kit, buyer, order.order_id)).json().data.status).toBe('paid');
  const gifts = (await get('/api/store/gift', buyer)).json().data as {
    id: number;
    code: string;
  }[];
  const gift = gifts[0];
  if (!gift) throw new Error('no gift after payment');
  return gift;
}

/** Each parent from an address of its own: wrong codes are counted per address too. */
const activate = (parent: Parent, code: string) =>
  kit.app.inject({
    method: 'POST',
    url: '/api/store/subscription/activate',
    payload: { code },
    headers: { authorization: `Bearer ${parent.token}` },
    remoteAddress: `10.1.${(parent.id >> 8) & 255}.${parent.id & 255}`,
  });

describe('certificate codes', () => {
  it('are twelve unambiguous characters in groups, and typing is forgiving', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => newCertificateCode()));
    expect(codes.size).toBe(1000);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){2}$/);
    expect(normalizeCertificateCode(' 7kqm 2x9d-ht4w ')).toBe('7KQM-2X9D-HT4W');
  });
});

describe('a gift bought, sent and activated', () => {
  it('mails the code to the buyer, sends it on, and gives the recipient 6 months once', async () => {
    const buyer = await newParent(kit, 'Ольга');
    const gift = await buyGift(buyer);
    expect(gift).toMatchObject({ is_active: true, activated: false, sent_to: null });
    const [ready] = await deliveredMail(
      kit.app,
      { db: kit.database.db, config: kit.config },
      buyer.email,
    );
    expect(ready?.subject).toBe('Ваш подарок готов — код сертификата');
    expect(ready?.text).toContain(gift.code);

    const send = await post(kit, '/api/store/web/gift/send', buyer.token, {
      id: gift.id,
      email: 'Babushka@Example.RU',
    });
    expect(send.statusCode).toBe(200);
    expect(send.json().data.sent_to).toBe('babushka@example.ru');
    const [mail] = await deliveredMail(
      kit.app,
      { db: kit.database.db, config: kit.config },
      'babushka@example.ru',
    );
    expect(mail?.subject).toBe('Вам подарили подписку на Школу Умняшек');
    expect(mail?.text).toContain('Ольга дарит вам');
    expect(mail?.links).toContain(`${kit.config.publicUrl}/gift?code=${gift.code}`);

    const recipient = await newParent(kit);
    const typed = gift.code.toLowerCase().replace(/-/g, ' ');
    const res = await activate(recipient, typed);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ source: 'gift', amount_children: 1 });
    const [period] = await kit.database.db
      .select()
      .from(familySubscriptions)
      .where(eq(familySubscriptions.userId, recipient.id));
    expect(period?.endsAt).toEqual(addMonths(kit.time.clock(), 6));

    const twice = await activate(await newParent(kit), gift.code);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.code[0]).toBe('Этот код уже активировали');
    const listed = (await get('/api/store/gift', buyer)).json().data[0];
    expect(listed).toMatchObject({ activated: true });
    const resend = await post(kit, '/api/store/web/gift/send', buyer.token, {
      id: gift.id,
      email: 'other@example.ru',
    });
    expect(resend.statusCode).toBe(409);
  });

  it('lets one of ten people typing the same code at once have it', async () => {
    const gift = await buyGift(await newParent(kit), 'gift-1m-1c');
    const people = await Promise.all(Array.from({ length: 10 }, () => newParent(kit)));
    const answers = await Promise.all(people.map((p) => activate(p, gift.code)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(9);
  });

  it('lets the buyer switch an unused gift off and on; strangers see nothing of it', async () => {
    const buyer = await newParent(kit);
    const stranger = await newParent(kit);
    const gift = await buyGift(buyer, 'gift-3m-1c');
    expect((await get('/api/store/gift', stranger)).json().data).toEqual([]);
    for (const [url, body] of [
      ['/api/store/gift/toggle', { id: gift.id, is_active: false }],
      ['/api/store/web/gift/send', { id: gift.id, email: 'x@example.ru' }],
    ] as const) {
      expect((await post(kit, url, stranger.token, body)).statusCode).toBe(404);
    }
    const off = await post(kit, '/api/store/gift/toggle', buyer.token, {
      id: gift.id,
      is_active: false,
    });
    expect(off.json().data.is_active).toBe(false);
    const recipient = await newParent(kit);
    const refused = await activate(recipient, gift.code);
    expect(refused.json().errors.code[0]).toMatch(/выключен/);
    await post(kit, '/api/store/gift/toggle', buyer.token, { id: gift.id, is_active: true });
    expect((await activate(recipient, gift.code)).statusCode).toBe(201);
  });

  it('refuses unknown and malformed codes in Russian, and holds back a guesser', async () => {
    const guesser = await newParent(kit);
    const unknown = await activate(guesser, 'AAAA-BBBB-CCCC');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.code[0]).toMatch(/Такого кода нет/);
    const malformed = await activate(guesser, '<script>');
    expect(malformed.statusCode).toBe(422);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1)
      statuses.push((await activate(guesser, `ZZZZ-ZZZZ-ZZ${i}Z`)).statusCode);
    expect(statuses).toContain(429);
  });
});
