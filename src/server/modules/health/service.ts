import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

const PING_TIMEOUT_MS = 2000;

/** A load balancer asks often; a hung database must make the answer "no" quickly, not hang it too. */
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
