// The letter after a paid order: one per order, whatever was bought and however many confirmations came,
// saying what, for whom, until when, how much and the number «История платежей» shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkippedWeeks } from '@contract/api/learning';
import { formatPrice } from '@contract/money';
import { children } from '../../db/schema/index';
import { renderMail } from '../../integrations/mail/render';
import type { MailRequest } from '../../integrations/mail/queue';
import { bearer } from '../../testing/accounts';
import {
  addChild,
  buy,
  callback,
  initialize,
  mailsTo,
  newParent,
  offerFor,
  orderState,
  register,
  startPaymentsKit,
  tariffId,
  type Parent,
  type PaymentsKit,
} from '../../testing/payments';

let kit: PaymentsKit;
beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => {
  await kit.close();
});

const DAY = 24 * 60 * 60_000;

/** The parent's «Оплата прошла» letters, as queued and as rendered. */
async function letters(parent: Parent) {
  const jobs = await mailsTo(kit, parent.email, 'purchase-paid');
  return Promise.all(
    jobs.map(async (job) => {
      const request = job.payload as unknown as MailRequest;
      return { request, mail: await renderMail(request, kit.config) };
    }),
  );
}

/** The order number the parent sees in «История платежей» for a purchase. */
async function historyNumber(parent: Parent, purchaseId: number): Promise<string | undefined> {
  const res = await kit.app.inject({ url: '/api/store/payments', headers: bearer(parent.token) });
  const items = res.json().data as { purchase_id: number; order_number: string }[];
  return items.find((item) => item.purchase_id === purchaseId)?.order_number;
}

describe('the letter after a paid order', () => {
  it('a subscription: the family’s children, the new end of paid time, the sum, the order number', async () => {
    const parent = await newParent(kit, 'Анна');
    await addChild(kit, parent, 'Маша');
    await addChild(kit, parent, 'Петя');
    const tariff = await tariffId(kit, 'subscription-3m-2c');
    const paid = await buy(kit, parent, 'subscription', [tariff.id]);

    const [letter, more] = await letters(parent);
    expect(more).toBeUndefined();
    const number = await historyNumber(parent, paid.purchaseId);
    expect(number).toMatch(/^\d+-[0-9A-Z]{6}$/);
    expect(letter?.request.data).toEqual({
      name: 'Анна',
      kind: 'subscription',
      items: ['Подписка на 3\u00a0месяца для двоих детей'],
      children: ['Маша', 'Петя'],
      // Bought on 24 November 2026: three months on.
      until: '24 февраля 2027',
      amount: formatPrice(tariff.price),
      order_number: number,
      returned: null,
    });
    const mail = letter?.mail;
    expect(mail?.subject).toBe(`Оплата прошла — заказ №\u00a0${number}`);
    expect(mail?.text).toContain('Подписка оплачена — уроки открыты до 24 февраля 2027.');
    expect(mail?.text).toContain('Дети: Маша, Петя');
    expect(mail?.text).toContain(`Сумма: ${formatPrice(tariff.price)}`);
    expect(formatPrice(tariff.price)).toMatch(/\u00a0₽$/);
    expect(mail?.text).toContain(`Заказ: №\u00a0${number}`);
    expect(mail?.html).toContain(`${kit.config.publicUrl}/video`);
  });

  it('a child place: kept without a term', async () => {
    const parent = await newParent(kit, 'Ирина');
    await addChild(kit, parent, 'Маша');
    const paid = await buy(kit, parent, 'child-slot', []);
    const [letter] = await letters(parent);
    expect(letter?.request.data).toMatchObject({
      kind: 'child-slot',
      items: ['Место для ещё одного ребёнка'],
      children: [],
      until: null,
      amount: formatPrice(paid.amount),
      order_number: await historyNumber(parent, paid.purchaseId),
    });
    expect(letter?.mail.text).toContain('место ещё для одного ребёнка');
    expect(letter?.mail.text).toContain('Действует: без срока');
    expect(letter?.mail.html).toContain(`${kit.config.publicUrl}/personal/students`);
  });

  it('an additional program: the children it opened for', async () => {
    const parent = await newParent(kit, 'Ольга');
    const masha = await addChild(kit, parent, 'Маша');
    const petya = await addChild(kit, parent, 'Петя');
    const offer = await offerFor(kit, 2);
    const paid = await buy(kit, parent, 'additional-program', [offer.id], {
      childIds: [masha, petya],
    });
    const [letter] = await letters(parent);
    expect(letter?.request.data).toMatchObject({
      kind: 'additional-program',
      children: ['Маша', 'Петя'],
      until: null,
      amount: formatPrice(paid.amount),
      order_number: await historyNumber(parent, paid.purchaseId),
    });
    expect(letter?.request.data).toMatchObject({
      items: [expect.stringMatching(/^Программа «.+» для 2\u00a0детей$/)],
    });
    expect(letter?.mail.text).toContain('Дополнительная программа открыта');
    expect(letter?.mail.text).toContain('Дети: Маша, Петя');
  });

  it('a double callback and the return page: one letter', async () => {
    const parent = await newParent(kit);
    const tariff = await tariffId(kit, 'subscription-1m-1c');
    const purchaseId = await initialize(kit, parent, 'subscription', [tariff.id]);
    const order = await register(kit, parent, 'register/subscription-order', {
      purchase_id: purchaseId,
    });
    kit.bank.pay(order.order_id);
    const [first, second] = await Promise.all([
      callback(kit, order.order_id),
      callback(kit, order.order_id),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    await callback(kit, order.order_id);
    expect((await orderState(kit, parent, order.order_id)).json().data.status).toBe('paid');
    expect(await letters(parent)).toHaveLength(1);
  });

  it('missed weeks: the child, the weeks opened, and the part going back for weeks it had', async () => {
    const parent = await newParent(kit, 'Вера');
    const [child] = await kit.database.db
      .insert(children)
      .values({
        userId: parent.id,
        name: 'Соня',
        birthDate: '2021-05-01',
        ageGroup: 'four-five',
        createdAt: kit.time.clock(),
      })
      .returning({ id: children.id });
    if (!child) throw new Error('insert failed');
    kit.time.advance(15 * DAY);
    const skipped = await kit.app.inject({
      url: `/api/profile/skipped-weeks?child_id=${child.id}`,
      headers: bearer(parent.token),
    });
    const [first, second] = skipped.json<{ data: SkippedWeeks }>().data.weeks;
    if (!first || !second) throw new Error(`two skipped weeks expected: ${skipped.body}`);

    const one = await register(kit, parent, 'register/weeks-order', {
      child_id: child.id,
      weeks: [first.week_id],
    });
    const both = await register(kit, parent, 'register/weeks-order', {
      child_id: child.id,
      weeks: [first.week_id, second.week_id],
    });
    kit.bank.pay(one.order_id);
    expect((await orderState(kit, parent, one.order_id)).json().data.status).toBe('paid');
    kit.bank.pay(both.order_id);
    expect((await orderState(kit, parent, both.order_id)).json().data.status).toBe('paid');

    const sent = await letters(parent);
    expect(sent).toHaveLength(2);
    const [single, double] = [...sent].sort(
      (a, b) =>
        (a.request.template === 'purchase-paid' ? a.request.data.items.length : 0) -
        (b.request.template === 'purchase-paid' ? b.request.data.items.length : 0),
    );
    expect(single?.request.data).toMatchObject({
      kind: 'weeks',
      children: ['Соня'],
      until: null,
      amount: formatPrice(one.amount),
      returned: null,
    });
    expect(single?.mail.text).toContain('Пропущенная неделя открыта');
    expect(single?.mail.text).toContain('Ребёнок: Соня');
    // The second payment opened only the week the child did not have; the other's price goes back.
    const [secondName] = (double?.request.data as { items: string[] }).items;
    expect(secondName).toMatch(new RegExp(`^Неделя ${second.number} программы «`));
    expect(double?.request.data).toMatchObject({
      amount: formatPrice(both.amount),
      returned: formatPrice(first.price),
    });
    expect(double?.mail.text).toContain(`${formatPrice(first.price)} вернём на карту`);
  });
});
