// The grown-ups of a family (docs/PRODUCT.md «Grown-ups of a family»): the owner invites by e-mail, the
// invitee accepts through the mailed link, the owner removes. A caregiver's access is the membership row
// itself (the session lookup joins it), so a removed row ends the access at the next request.
import { and, count, desc, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  ALREADY_IN_FAMILY,
  CAREGIVER_ALREADY,
  CAREGIVER_NOT_FOUND,
  CAREGIVER_SELF,
  CAREGIVERS_FULL,
  INVITATION_INVALID,
  type Caregiver,
} from '@contract/api/caregivers';
import { displayEmail } from '@contract/email';
import { CAREGIVER_INVITATION_DAYS, ERROR_CODES, MAX_CAREGIVERS } from '@contract/api/values';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import {
  cardBindings,
  children,
  familyCaregivers,
  familySubscriptions,
  users,
} from '../../db/schema/index';
import type { Clock } from '../../deps';
import { queueMail } from '../../integrations/mail/queue';
import { conflict, invalidField, notFound } from '../../plugins/errors';
import { randomToken, sha256 } from '../auth';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Ctx {
  db: Database;
  clock: Clock;
}

/** The link the invitation mail carries: the page that signs the invitee in and accepts. */
export function invitationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/family-invite?token=${token}`;
}

/**
 * How the owner is named to a caregiver and in the invitation's subject: the name they gave, or «Родитель».
 * Never the address, not even part of it: the privacy policy promises caregivers do not see it.
 */
export function ownerLabel(owner: { name: string }): string {
  return owner.name.trim() === '' ? 'Родитель' : owner.name;
}

export async function listCaregivers({ db, clock, ownerId }: Ctx & { ownerId: number }) {
  const rows = await db
    .select({
      id: familyCaregivers.id,
      email: familyCaregivers.email,
      createdAt: familyCaregivers.createdAt,
      expiresAt: familyCaregivers.expiresAt,
      acceptedAt: familyCaregivers.acceptedAt,
      accountEmail: users.email,
      name: users.name,
    })
    .from(familyCaregivers)
    .leftJoin(users, eq(users.id, familyCaregivers.caregiverId))
    .where(eq(familyCaregivers.ownerId, ownerId))
    .orderBy(desc(familyCaregivers.createdAt), desc(familyCaregivers.id));
  const now = clock().getTime();
  const caregivers: Caregiver[] = rows.map((row) => {
    const accepted = row.acceptedAt !== null;
    return {
      id: row.id,
      // Once accepted, the address of the account that accepted: the link may have been opened elsewhere.
      email: displayEmail(row.accountEmail ?? row.email),
      name: row.name ?? '',
      status: accepted ? 'accepted' : row.expiresAt.getTime() > now ? 'invited' : 'expired',
      invited_at: row.createdAt.toISOString(),
      expires_at: accepted ? null : row.expiresAt.toISOString(),
      accepted_at: row.acceptedAt?.toISOString() ?? null,
    };
  });
  return { caregivers, max: MAX_CAREGIVERS };
}

/**
 * Invites `email` into the owner's family, or sends a pending invitation again with a fresh link. The
 * owner's row is locked for the count, so six invitations at once still leave five.
 */
export async function inviteCaregiver({
  db,
  clock,
  publicUrl,
  ownerId,
  email,
}: Ctx & { publicUrl: string; ownerId: number; email: string }): Promise<Caregiver> {
  const now = clock();
  const token = randomToken();
  const id = await db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, ownerId))
      .for('update');
    if (!owner) throw notFound();
    if (owner.email === email) throw invalidField('email', CAREGIVER_SELF);
    const [existing] = await tx
      .select({
        id: familyCaregivers.id,
        acceptedAt: familyCaregivers.acceptedAt,
        expiresAt: familyCaregivers.expiresAt,
      })
      .from(familyCaregivers)
      .where(and(eq(familyCaregivers.ownerId, ownerId), eq(familyCaregivers.email, email)));
    if (existing?.acceptedAt) throw conflict(CAREGIVER_ALREADY);
    // Invited under one address, they may have accepted with an account of another.
    const [member] = await tx
      .select({ id: familyCaregivers.id })
      .from(familyCaregivers)
      .innerJoin(users, eq(users.id, familyCaregivers.caregiverId))
      .where(and(eq(familyCaregivers.ownerId, ownerId), eq(users.email, email)));
    if (member) throw conflict(CAREGIVER_ALREADY);
    // A pending invitation sent again keeps its place; an expired one needs a free place like a new one.
    if (!existing || existing.expiresAt.getTime() <= now.getTime()) {
      const [taken] = await tx
        .select({ n: count() })
        .from(familyCaregivers)
        .where(
          and(
            eq(familyCaregivers.ownerId, ownerId),
            or(isNotNull(familyCaregivers.acceptedAt), gt(familyCaregivers.expiresAt, now)),
          ),
        );
      if ((taken?.n ?? 0) >= MAX_CAREGIVERS) {
        throw conflict(CAREGIVERS_FULL, ERROR_CODES.caregiversFull);
      }
    }
    const values = {
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CAREGIVER_INVITATION_DAYS * DAY_MS),
    };
    const [row] = existing
      ? await tx
          .update(familyCaregivers)
          .set(values)
          .where(and(eq(familyCaregivers.id, existing.id), isNull(familyCaregivers.acceptedAt)))
          .returning({ id: familyCaregivers.id })
      : await tx
          .insert(familyCaregivers)
          .values({ ownerId, email, ...values })
          .returning({ id: familyCaregivers.id });
    // Accepted a moment ago, between the read above and this write.
    if (!row) throw conflict(CAREGIVER_ALREADY);
    // Expired invitations nobody took leave the list when a new one is sent: they hold no place.
    await tx
      .delete(familyCaregivers)
      .where(
        and(
          eq(familyCaregivers.ownerId, ownerId),
          isNull(familyCaregivers.acceptedAt),
          lte(familyCaregivers.expiresAt, now),
        ),
      );
    await queueMail(tx, {
      template: 'caregiver-invitation',
      to: email,
      data: { owner: ownerLabel(owner), url: invitationUrl(publicUrl, token) },
    });
    return row.id;
  });
  const { caregivers } = await listCaregivers({ db, clock, ownerId });
  const shown = caregivers.find((c) => c.id === id);
  if (!shown) throw notFound(CAREGIVER_NOT_FOUND);
  return shown;
}

/**
 * Whether the account already has a family: children, a period in force or to come, a saved card, a
 * caregiver or a live invitation of its own, or a place in another family. What it has of its own would
 * be out of its reach as a caregiver (those calls are the owner's), so it cannot join.
 */
async function hasOwnFamily(db: Database, userId: number, now: Date): Promise<boolean> {
  const exists = (query: SQL) => sql`exists(${query})`;
  const [row] = await db
    .select({
      own: sql<boolean>`${exists(sql`select 1 from ${children} where ${children.userId} = ${userId}`)}
        or ${exists(
          sql`select 1 from ${familySubscriptions} where ${familySubscriptions.userId} = ${userId}
            and ${familySubscriptions.endsAt} > ${now}
            and (${familySubscriptions.endedAt} is null or ${familySubscriptions.endedAt} > ${now})`,
        )}
        or ${exists(
          sql`select 1 from ${cardBindings} where ${cardBindings.userId} = ${userId}
            and ${cardBindings.removedAt} is null`,
        )}
        or ${exists(
          sql`select 1 from ${familyCaregivers} where ${familyCaregivers.caregiverId} = ${userId}
            or (${familyCaregivers.ownerId} = ${userId}
              and (${familyCaregivers.acceptedAt} is not null or ${familyCaregivers.expiresAt} > ${now}))`,
        )}`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row?.own ?? false;
}

/** The signed-in person accepts an invitation: the link is spent and they join the family at once. */
export async function acceptInvitation({
  db,
  clock,
  userId,
  token,
}: Ctx & { userId: number; token: string }) {
  const now = clock();
  const invalid = () =>
    invalidField('token', INVITATION_INVALID, ERROR_CODES.caregiverInvitationInvalid);
  const taken = () => conflict(ALREADY_IN_FAMILY, ERROR_CODES.alreadyInFamily);
  try {
    return await db.transaction(async (tx) => {
      // The person's row is locked as adding a child locks it: the check below and a child added at
      // the same moment cannot both pass.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [invitation] = await tx
        .select({ id: familyCaregivers.id, ownerId: familyCaregivers.ownerId })
        .from(familyCaregivers)
        .where(
          and(
            eq(familyCaregivers.tokenHash, sha256(token)),
            isNull(familyCaregivers.caregiverId),
            gt(familyCaregivers.expiresAt, now),
          ),
        );
      if (!invitation) throw invalid();
      if (invitation.ownerId === userId || (await hasOwnFamily(tx, userId, now))) throw taken();
      const updated = await tx
        .update(familyCaregivers)
        .set({ caregiverId: userId, acceptedAt: now, tokenHash: null })
        .where(and(eq(familyCaregivers.id, invitation.id), isNull(familyCaregivers.caregiverId)))
        .returning({ id: familyCaregivers.id });
      // Spent by a second tap at the same moment.
      if (updated.length === 0) throw invalid();
      const [owner] = await tx
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, invitation.ownerId));
      return { family_role: 'caregiver' as const, owner_name: owner ? ownerLabel(owner) : '' };
    });
  } catch (error) {
    // The same person accepted another family's invitation a moment ago.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** The owner removes a caregiver or withdraws an invitation; another family's id is «not found». */
export async function removeCaregiver({
  db,
  ownerId,
  id,
}: {
  db: Database;
  ownerId: number;
  id: number;
}) {
  const removed = await db
    .delete(familyCaregivers)
    .where(and(eq(familyCaregivers.id, id), eq(familyCaregivers.ownerId, ownerId)))
    .returning({ id: familyCaregivers.id });
  if (removed.length === 0) throw notFound(CAREGIVER_NOT_FOUND);
}
