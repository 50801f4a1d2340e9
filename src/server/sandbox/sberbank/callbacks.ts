// The gateway's callbacks to the school after an order changes state: a signed GET to
// `${publicUrl}/api/payments/sberbank/callback`, as the bank sends them. Fire-and-forget: the page or the
// API call that changed the order never waits for the school, and a school that does not answer only
// costs a few retries and a log line (the school's reconciler asks getOrderStatusExtended anyway).
import type { FastifyBaseLogger } from 'fastify';
import { callbackChecksum } from '../../integrations/sberbank/checksum';

export type CallbackOperation =
  'approved' | 'deposited' | 'reversed' | 'refunded' | 'declinedByTimeout';

export interface CallbackNotice {
  mdOrder: string;
  orderNumber: string;
  operation: CallbackOperation;
  /** true → status=1 (the operation succeeded), false → status=0. */
  success: boolean;
  /** Kopecks. */
  amount: number;
}

export interface CallbackOptions {
  /** One delivery attempt of the signed URL; true when the school took it (2xx). Default: fetch GET. */
  deliver?: (url: string) => Promise<boolean>;
  /** Default 3. */
  attempts?: number;
  /** Pause between attempts; default 2 s. */
  retryDelayMs?: number;
}

export type Notify = (notice: CallbackNotice) => void;

const DELIVERY_TIMEOUT_MS = 10_000;

export const CALLBACK_PATH = '/api/payments/sberbank/callback';

/** The signed callback URL: the parameters plus `checksum` over them. */
export function callbackUrl(publicUrl: string, key: string, notice: CallbackNotice): string {
  const params: Record<string, string> = {
    mdOrder: notice.mdOrder,
    orderNumber: notice.orderNumber,
    operation: notice.operation,
    status: notice.success ? '1' : '0',
    amount: String(notice.amount),
  };
  const query = new URLSearchParams({ ...params, checksum: callbackChecksum(params, key) });
  return `${publicUrl}${CALLBACK_PATH}?${query.toString()}`;
}

async function fetchDeliver(url: string): Promise<boolean> {
  const res = await fetch(url, {
    signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    redirect: 'manual',
  });
  // The body is not read; release the socket.
  await res.body?.cancel();
  return res.ok;
}

const pause = (ms: number) =>
  new Promise<void>((resolve) => {
    // unref: a pending retry never keeps a stopping process alive.
    setTimeout(resolve, ms).unref();
  });

/** `false` switches callbacks off (tests that do not look at them, so nothing leaves the machine). */
export function createNotifier(options: {
  publicUrl: string;
  callbackKey: string;
  log: FastifyBaseLogger;
  callbacks?: CallbackOptions | false;
}): Notify {
  const { callbacks } = options;
  if (callbacks === false) return () => {};
  const deliver = callbacks?.deliver ?? fetchDeliver;
  const attempts = Math.max(1, callbacks?.attempts ?? 3);
  const retryDelayMs = callbacks?.retryDelayMs ?? 2_000;

  async function send(notice: CallbackNotice): Promise<void> {
    const url = callbackUrl(options.publicUrl, options.callbackKey, notice);
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      let reason = 'not 2xx';
      try {
        if (await deliver(url)) return;
      } catch (error) {
        reason = error instanceof Error ? error.message : String(error);
      }
      // Order number and operation only: the URL carries the checksum, which is not for logs.
      options.log.warn(
        { orderNumber: notice.orderNumber, operation: notice.operation, attempt, reason },
        'sberbank sandbox: callback not delivered',
      );
      if (attempt < attempts) await pause(retryDelayMs);
    }
  }

  return (notice) => {
    // After the current response is on its way; never throws into the caller.
    setImmediate(() => {
      send(notice).catch(() => {});
    });
  };
}
