// Every change made in the back office is written here in the same transaction as the change, so the log
// and the data never disagree. Summaries name what changed; the caller leaves out secrets and long texts.
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { adminAudit } from '../../db/schema/index';
import { currentSession } from '../../plugins/auth';

export interface AuditActor {
  id: number;
  email: string;
  ip: string;
}

export function auditActor(request: FastifyRequest): AuditActor {
  const { user } = currentSession(request);
  return { id: user.id, email: user.email, ip: request.ip };
}

export async function recordAudit(
  db: Database,
  actor: AuditActor,
  entry: { action: string; resource: string; recordId?: number | string; summary?: object },
): Promise<void> {
  await db.insert(adminAudit).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    resource: entry.resource,
    recordId: entry.recordId === undefined ? null : String(entry.recordId),
    summary: { ...entry.summary },
    ip: actor.ip,
  });
}
