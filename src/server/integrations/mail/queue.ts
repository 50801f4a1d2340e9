// The one way the school sends mail: a 'mail' job in the caller's database or transaction. The worker
// renders and sends it (jobs/handlers.ts → job.ts), retrying with backoff when SMTP is away.
import type { Database } from '../../db/client';
import { enqueue } from '../../jobs/queue';
import { isPlaceholderEmail } from '@contract/api/oauth-values';
import { mailRequestSchema, type MailRequest } from './types';

export const MAIL_JOB = 'mail';

export type { MailRequest } from './types';

/**
 * Queues a mail; throws (a programming error) when the request does not fit its template. Placeholder
 * addresses of social accounts that shared no e-mail (`*.invalid`) have no mailbox: nothing is queued.
 */
export async function queueMail(db: Database, mail: MailRequest): Promise<void> {
  const request = mailRequestSchema.parse(mail);
  if (isPlaceholderEmail(request.to)) return;
  await enqueue(db, MAIL_JOB, request);
}
