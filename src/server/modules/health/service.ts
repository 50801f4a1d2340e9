import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * A load balancer asks often; a hung database must make the answer "no" quickly, not hang it too. The
 * ping itself is left to finish or to hit the pool's own deadline (db/client.ts).
 */
export const PING_TIMEOUT_MS = 2000;

export async function databaseAnswers(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
