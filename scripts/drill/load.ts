// The drill's steady load: parents who register, add a child, report lesson progress, sign in again and
// buy a subscription paid on the sandbox bank's card page, while two readers ask for the public pages' data.
// Every request is recorded with the phase it began in; every write the school acknowledged is kept for
// the invariants. A parent whose request failed waits a moment and repeats it, as the app does.
import { consentForm } from '../../src/server/testing/html-forms';
import type { Answer, Client } from './client';

export interface Record_ {
  phase: string;
  what: string;
  start: number;
  end: number;
  status: number;
  retryAfter: boolean;
  /** The request got an answer it was not after (a 5xx, no answer at all, or an unexpected status). */
  failed: boolean;
}

export interface Acknowledged {
  emails: string[];
  children: number[];
  /** child id → the furthest position the school confirmed. */
  watched: Map<number, number>;
  /** Bank order ids the school confirmed paid. */
  paid: Set<string>;
  /** Bank order ids whose card page the drill's payer submitted: the only charges anyone consented to. */
  cardEntered: Set<string>;
  /** Bank order ids whose card the bank took (the payer was sent to the success page). */
  cardTaken: Set<string>;
  /**
   * Repeats (the app's or HAProxy's) of a step that had been done: a registration refused as already made,
   * a card form answered «Заказ уже оплачен».
   */
  repeatsFoundDone: number;
  /** What went wrong inside the drill's own parents (an answer it could not read). */
  crashes: string[];
}

/** A parent's step that failed, from its first failed attempt to the attempt that did it (or the end). */
export interface Outage {
  phase: string;
  what: string;
  ms: number;
  /** The drill stopped before the step succeeded. */
  unfinished: boolean;
}

export interface LoadOptions {
  base: string;
  client: Client;
  runId: string;
  lessonId: number;
  tariffId: number;
  parents: number;
}

const PASSWORD = 'пароль-для-учений-1';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function startLoad(options: LoadOptions) {
  const { base, client } = options;
  const records: Record_[] = [];
  const ack: Acknowledged = {
    emails: [],
    children: [],
    watched: new Map(),
    paid: new Set(),
    cardEntered: new Set(),
    cardTaken: new Set(),
    repeatsFoundDone: 0,
    crashes: [],
  };
  const outages: Outage[] = [];
  let phase = 'warm-up';
  let stopping = false;
  let serial = 0;

  /** One request, recorded; `ok` lists the statuses that mean it did what was asked. */
  async function send(
    what: string,
    method: 'GET' | 'POST',
    url: string,
    ok: number[],
    init: { headers?: Record<string, string>; body?: string } = {},
    alsoDone?: (answer: Answer) => boolean,
  ): Promise<Answer | null> {
    const record: Record_ = {
      phase,
      what,
      start: Date.now(),
      end: 0,
      status: 0,
      retryAfter: false,
      failed: true,
    };
    records.push(record);
    try {
      const answer = await client.call(
        method,
        url.startsWith('http') ? url : `${base}${url}`,
        init,
      );
      record.status = answer.status;
      record.retryAfter = answer.headers['retry-after'] !== undefined;
      record.failed = !ok.includes(answer.status) && !(alsoDone?.(answer) ?? false);
      return answer;
    } catch {
      return null;
    } finally {
      record.end = Date.now();
    }
  }

  /**
   * Repeats a step until it does what was asked (or the drill stops), as the app retries; a step that
   * failed at least once leaves its outage: how long the parent waited for it, in the phase it began.
   */
  async function step(
    what: string,
    method: 'GET' | 'POST',
    url: string,
    ok: number[],
    init: { headers?: Record<string, string>; body?: string } = {},
    alreadyDone?: (answer: Answer) => boolean,
  ): Promise<Answer | null> {
    let failedSince: { at: number; phase: string } | null = null;
    const over = (unfinished: boolean) => {
      if (failedSince) {
        outages.push({
          phase: failedSince.phase,
          what,
          ms: Date.now() - failedSince.at,
          unfinished,
        });
      }
    };
    while (!stopping) {
      const began = { at: Date.now(), phase };
      const answer = await send(what, method, url, ok, init, alreadyDone);
      if (answer && (ok.includes(answer.status) || alreadyDone?.(answer))) {
        if (!ok.includes(answer.status)) ack.repeatsFoundDone += 1;
        over(false);
        return answer;
      }
      failedSince ??= began;
      await pause(250);
    }
    over(true);
    return null;
  }

  const json = (token: string | null, address: string, body?: unknown) => ({
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': address,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = <T>(answer: Answer) => (JSON.parse(answer.body) as { data: T }).data;

  async function signIn(email: string, address: string): Promise<string | null> {
    const answer = await step(
      'sign-in',
      'POST',
      '/api/auth/login',
      [200],
      json(null, address, {
        email,
        password: PASSWORD,
      }),
    );
    return answer ? data<{ token: string }>(answer).token : null;
  }

  async function buy(token: string, address: string): Promise<void> {
    const init = await step(
      'purchase',
      'POST',
      '/api/store/purchase-initialization',
      [200],
      json(token, address, { type: 'subscription', ids: [options.tariffId] }),
    );
    if (!init) return;
    const purchaseId = data<{ purchase_id: number }>(init).purchase_id;
    const order = await step(
      'order',
      'POST',
      '/api/payments/sberbank/register/subscription-order',
      [200],
      json(token, address, { purchase_id: purchaseId }),
    );
    if (!order) return;
    const { order_id: orderId, form_url: formUrl } = data<{ order_id: string; form_url: string }>(
      order,
    );
    const page = await step('card page', 'GET', formUrl, [200]);
    if (!page) return;
    const { action, fields } = consentForm(page.body);
    ack.cardEntered.add(orderId);
    const card = new URLSearchParams({
      ...fields,
      pan: '5555 5555 5555 5599',
      expiry: '12/30',
      cvc: '123',
      cardholder: 'ANNA IVANOVA',
      action: 'pay',
    }).toString();
    // The bank sends the payer to the success page; a repeat of the form (after a lost answer, or HAProxy's
    // after the host died) finds the order paid and says so on its own page.
    const paid = await step(
      'card',
      'POST',
      action,
      [303],
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: card },
      (answer) => answer.status === 200 && answer.body.includes('Заказ уже оплачен'),
    );
    if (!paid) return;
    const location = String(paid.headers.location ?? '');
    if (paid.status === 303 && !location.includes('/successful-payment')) {
      ack.crashes.push(`the bank declined the test card: ${location}`);
      return;
    }
    ack.cardTaken.add(orderId);
    for (let i = 0; i < 40 && !stopping; i += 1) {
      const state = await step(
        'order state',
        'POST',
        '/api/payments/sberbank/get-order-state',
        [200],
        json(token, address, { order_id: orderId }),
      );
      if (state && data<{ status: string }>(state).status === 'paid') {
        ack.paid.add(orderId);
        return;
      }
      await pause(500);
    }
  }

  async function parent(): Promise<void> {
    serial += 1;
    const n = serial;
    const address = `198.18.${(n >> 8) & 255}.${n & 255}`;
    const email = `drill-${options.runId}-${n}@example.ru`;
    const registered = await step(
      'registration',
      'POST',
      '/api/auth/register',
      [201],
      json(null, address, { email, password: PASSWORD, name: 'Анна', consent_personal_data: true }),
      // The address is this run's alone: «already registered» means a repeat of this parent's own.
      (answer) => answer.status === 409,
    );
    if (!registered) return;
    ack.emails.push(email);
    let token =
      registered.status === 201
        ? data<{ token: string }>(registered).token
        : await signIn(email, address);
    if (!token) return;
    const child = await step(
      'child',
      'POST',
      '/api/profile/child/store',
      [201],
      json(token, address, { name: 'Маша', birth_date: '2022-06-01' }),
    );
    if (!child) return;
    const childId = data<{ id: number }>(child).id;
    ack.children.push(childId);
    // A player reports every 10–15 s; a parent here reports every 2.5 s, within the school's 30 a minute.
    for (let i = 1; i <= 40 && !stopping; i += 1) {
      const report = await step(
        'progress',
        'POST',
        '/api/profile/achievements/video',
        [200],
        json(token, address, {
          child_id: childId,
          lesson_id: options.lessonId,
          position_seconds: i * 2,
        }),
      );
      if (report) {
        const seconds = data<{ watched_seconds: number }>(report).watched_seconds;
        ack.watched.set(childId, Math.max(ack.watched.get(childId) ?? 0, seconds));
      }
      if (i % 4 === 0) token = (await signIn(email, address)) ?? token;
      if (i % 10 === 0) await buy(token, address);
      await pause(2_500);
    }
  }

  async function reader(path: string): Promise<void> {
    while (!stopping) {
      await send('read', 'GET', path, [200]);
      await pause(50);
    }
  }

  const running = [
    reader('/api/public-config'),
    reader('/api/store/web/subscriptions'),
    ...Array.from({ length: options.parents }, async () => {
      while (!stopping) {
        try {
          await parent();
        } catch (error) {
          ack.crashes.push(String(error));
          await pause(250);
        }
      }
    }),
  ];

  return {
    records,
    outages,
    ack,
    mark(name: string) {
      phase = name;
    },
    async stop() {
      stopping = true;
      await Promise.all(running);
    },
  };
}
