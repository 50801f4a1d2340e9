// Helpers the account tests share: a local stand-in for Google's siteverify, sign-up through the API, and
// the mail outbox as a parent reads it (the jobs run, then the sandbox's JSON).
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../../deps';
import { runDueJobs } from '../../jobs/runner';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A siteverify speaking CONTRACTS §2: tokens are `human:<action>`, `bot:<action>` or anything else. */
export async function fakeSiteverify(
  secret: string,
): Promise<{ url: string; server: FastifyInstance; seen: Record<string, string>[] }> {
  const seen: Record<string, string>[] = [];
  const server = Fastify();
  server.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  server.post('/siteverify', async (request) => {
    const form = request.body as Record<string, string>;
    seen.push(form);
    if (form.secret !== secret) return { success: false, 'error-codes': ['invalid-input-secret'] };
    const [kind, action] = (form.response ?? '').split(':');
    if (kind === 'human') return { success: true, score: 0.9, action };
    if (kind === 'bot') return { success: true, score: 0.1, action };
    return { success: false, 'error-codes': ['invalid-input-response'] };
  });
  const url = await server.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${url}/siteverify`, server, seen };
}

export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  html: string;
  text: string;
  template: string;
  links: string[];
}

/** Sends what is queued, then lists the mail to `to`, newest first. */
export async function deliveredMail(
  app: FastifyInstance,
  deps: { db: Database; config: Config; clock?: Clock },
  to: string,
): Promise<OutboxMessage[]> {
  await runDueJobs(deps);
  const res = await app.inject({ url: `/sandbox/mail/api/messages?to=${encodeURIComponent(to)}` });
  if (res.statusCode !== 200) throw new Error(`outbox answered ${res.statusCode}`);
  return (res.json() as { data: OutboxMessage[] }).data;
}

/** The link of a mail that starts with `prefix` (PUBLIC_URL + path), parsed. */
export function linkIn(message: OutboxMessage | undefined, prefix: string): URL {
  const href = message?.links.find((l) => l.startsWith(prefix));
  if (!href) throw new Error(`no link starting with ${prefix} in ${message?.subject ?? 'no mail'}`);
  return new URL(href);
}
