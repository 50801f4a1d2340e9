import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyFacts } from '../lessons/facts';
import { newParent, post, startPaymentsKit, type PaymentsKit } from '../../testing/payments';
import { renewalsKit } from '../../testing/renewals';
import { RENEWAL_TICK_JOB } from './charge';

let kit: PaymentsKit;
beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => {
  await kit.close();
});

const DAY = 24 * 60 * 60_000;
const { subscribe, renewalOf, paidEnd, get } = renewalsKit(() => kit, {
  tickJob: RENEWAL_TICK_JOB,
});

describe('consent', () => {
  it('is saved only with recurrent and a binding, and the profile then shows auto_renew', async () => {
    const without = await newParent(kit);
    await subscribe(without, { recurrent: false });
    expect(await renewalOf(without.id)).toBeUndefined();
    const noBinding = await newParent(kit);
    await subscribe(noBinding, { binding: false });
    expect(await renewalOf(noBinding.id)).toBeUndefined();

    const parent = await newParent(kit);
    const { tariff } = await subscribe(parent);
    const row = await renewalOf(parent.id);
    expect(row?.nextChargeAt.getTime()).toBe(await paidEnd(parent.id));
    const profile = (await get('/api/profile/show', parent.token)).json();
    expect(JSON.stringify(profile)).toContain('"auto_renew":true');
    const state = (await get('/api/store/renewal', parent.token)).json().data;
    expect(state).toMatchObject({
      active: true,
      amount: tariff.price,
      card: { masked_pan: '555555**5599' },
      paused_until: null,
      pauses_left: 2,
    });
    expect(state.next_charge_at).toBe(row?.nextChargeAt.toISOString());
  });
});

describe('pauses', () => {
  it('two weeks move the end and the charge by 14 days, close lessons, and resume moves back', async () => {
    const parent = await newParent(kit);
    await subscribe(parent);
    const end = await paidEnd(parent.id);
    const charge = (await renewalOf(parent.id))?.nextChargeAt.getTime() ?? 0;
    const res = await post(kit, '/api/profile/pause', parent.token, { weeks: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ pauses_left: 1, pause_weeks_left: 0, paid: true });
    expect(await paidEnd(parent.id)).toBe(end + 14 * DAY);
    expect((await renewalOf(parent.id))?.nextChargeAt.getTime()).toBe(charge + 14 * DAY);
    const during = await familyFacts(kit.database.db, parent.id, kit.time.clock());
    expect(during.seats).toBe(0);

    const twice = await post(kit, '/api/profile/pause', parent.token, { weeks: 1 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain('Каникулы уже идут');

    kit.time.advance(4 * DAY);
    const resumed = await post(kit, '/api/profile/pause/resume', parent.token, undefined);
    expect(resumed.statusCode).toBe(200);
    expect(await paidEnd(parent.id)).toBe(end + 4 * DAY);
    expect((await renewalOf(parent.id))?.nextChargeAt.getTime()).toBe(charge + 4 * DAY);
    expect((await familyFacts(kit.database.db, parent.id, kit.time.clock())).seats).toBe(1);
    const noPause = await post(kit, '/api/profile/pause/resume', parent.token, undefined);
    expect(noPause.statusCode).toBe(409);
  });

  it('refuses over the limits, without a paid subscription, and bad weeks, in Russian', async () => {
    const parent = await newParent(kit);
    const none = await post(kit, '/api/profile/pause', parent.token, { weeks: 1 });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toContain('оплаченной подписке');
    for (const weeks of [0, 5, 1.5, '2']) {
      const bad = await post(kit, '/api/profile/pause', parent.token, { weeks });
      expect(bad.statusCode).toBe(422);
      expect(bad.body).toMatch(/недел/);
    }
    await subscribe(parent);
    expect((await get('/api/store/renewal', parent.token)).json().data.pause_weeks_left).toBe(4);
    expect((await post(kit, '/api/profile/pause', parent.token, { weeks: 4 })).statusCode).toBe(
      200,
    );
    kit.time.advance(28 * DAY + 60_000);
    expect((await get('/api/store/renewal', parent.token)).json().data.pause_weeks_left).toBe(2);
    const tooLong = await post(kit, '/api/profile/pause', parent.token, { weeks: 3 });
    expect(tooLong.statusCode).toBe(409);
    expect(tooLong.json().message).toBe('За год можно взять не больше 6 недель каникул');
    expect((await post(kit, '/api/profile/pause', parent.token, { weeks: 2 })).statusCode).toBe(
      200,
    );
    kit.time.advance(14 * DAY + 60_000);
    const third = await post(kit, '/api/profile/pause', parent.token, { weeks: 1 });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('Каникулы можно брать не больше 2 раз за год');
  });

  it('another parent cannot pause, resume or end this family', async () => {
    const parent = await newParent(kit);
    await subscribe(parent);
    const stranger = await newParent(kit);
    expect((await post(kit, '/api/profile/pause', stranger.token, { weeks: 1 })).statusCode).toBe(
      409,
    );
    expect(
      (await post(kit, '/api/profile/end-subscription', stranger.token, undefined)).statusCode,
    ).toBe(409);
    await post(kit, '/api/profile/unsubscribe', stranger.token, {});
    expect((await renewalOf(parent.id))?.cancelledAt).toBeNull();
    expect((await familyFacts(kit.database.db, parent.id, kit.time.clock())).seats).toBe(1);
  });
});
