// Every change made in the back office is written here in the same transaction as the change, so the log
// and the data never disagree. Summaries name what changed; the caller leaves out secrets and long texts.
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { adminAudit } from '../db/schema/index';
import { currentSession } from '../plugins/auth';

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

/** Who the log names when the school itself acted on news from outside (the bank), not a person. */
export const SCHOOL_ACTOR = 'Школа (автоматически)';

/** A change the school made by itself — a refund made at the bank, taken back here — logged like staff's. */
export async function recordSchoolAudit(
  db: Database,
  entry: { action: string; resource: string; recordId?: number | string; summary?: object },
): Promise<void> {
  await db.insert(adminAudit).values({
    actorId: null,
    actorEmail: SCHOOL_ACTOR,
    action: entry.action,
    resource: entry.resource,
    recordId: entry.recordId === undefined ? null : String(entry.recordId),
    summary: { ...entry.summary },
  });
}
