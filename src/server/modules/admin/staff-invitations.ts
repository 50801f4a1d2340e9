// Staff come into the back office by invitation: the administrator names an address, a name and a role;
// the school mails a one-time link (24 hours, only its SHA-256 kept, a new invitation replaces the old
// link). The link's page shows an authenticator secret; a right code from the app enrols it as the
// account's second factor, sets the password where the account had none, gives the role and spends the
// link. An existing parent keeps their password and family: the link adds the factor and the role.
import { eq, sql } from 'drizzle-orm';
import { generateSecret } from 'otplib/functional';
import { STAFF_ROLES, type StaffRole } from '@contract/api/auth';
import { TOTP_CODE_WRONG } from '@contract/api/admin';
import type { OpenedInvitation, StaffInvitation } from '@contract/api/admin-staff';
import { ERROR_CODES } from '@contract/api/values';
import type { Database } from '../../db/client';
import { staffInvitations, users, type UserRole } from '../../db/schema/index';
import type { Clock } from '../../deps';
import { queueMail } from '../../integrations/mail/queue';
import { STAFF_INVITATION_LINK_HOURS } from '../../integrations/mail/templates/index';
import { HttpError, invalidField } from '../../plugins/errors';
import { ACCOUNT_BLOCKED, revokeAllSessions } from '../auth';
import { TOKEN_PATTERN, randomToken, sha256 } from '../auth';
import { recordAudit, type AuditActor } from '../../shared/audit';
import { matchTotp, totpUri } from './staff-login';
import { NOT_YOURSELF } from './users-service';

export const INVITATION_TTL_MS = STAFF_INVITATION_LINK_HOURS * 60 * 60 * 1000;

export const INVITATION_MESSAGES = {
  unknown:
    'Приглашение не найдено: возможно, его заменило новое. Откройте ссылку из последнего письма ' +
    'или попросите администратора прислать приглашение ещё раз',
  expired:
    'Срок приглашения истёк: ссылка действует 24 часа. Попросите администратора прислать новое',
  used: 'По этому приглашению уже вошли: ссылка одноразовая. Войдите в админку с паролем и кодом из приложения',
  blocked: 'Вход для этого аккаунта закрыт: сначала откройте его в карточке аккаунта',
  otherRole:
    'У этого сотрудника другая роль: её меняют в карточке аккаунта. Приглашение с той же ролью ' +
    'заново подключает приложение-аутентификатор',
  roleChanged:
    'Роль аккаунта изменилась после приглашения. Попросите администратора прислать новое',
  passwordRequired: 'Придумайте пароль для входа в админку',
  notOpened: 'Обновите страницу: приложению нужен ключ, который она покажет',
} as const;

const isStaff = (role: UserRole): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role);

/** The link the letter carries: the token after `#` never reaches a server's or proxy's access log. */
export const invitationUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/admin/invitation#${token}`;

const invalid = (message: string) => invalidField('token', message, ERROR_CODES.invitationInvalid);

async function accountOf(db: Database, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      passwordHash: users.passwordHash,
      blockedAt: users.blockedAt,
    })
    .from(users)
    .where(eq(users.email, email))
    .for('update')
    .limit(1);
  return row;
}

/** An account for the address: the one there is, or a new one with no password that cannot sign in yet. */
async function accountFor(db: Database, invite: { email: string; name: string; role: StaffRole }) {
  const found = await accountOf(db, invite.email);
  if (found) return found;
  // A registration of the same address at the same moment wins the row; the invitation then joins it.
  await db
    .insert(users)
    .values({ email: invite.email, name: invite.name, role: invite.role })
    .onConflictDoNothing({ target: users.email });
  const made = await accountOf(db, invite.email);
  if (!made) throw new Error('the invited account was neither found nor made');
  return made;
}

export async function inviteStaff(options: {
  db: Database;
  clock: Clock;
  publicUrl: string;
  actor: AuditActor;
  invite: { email: string; name: string; role: StaffRole };
}): Promise<StaffInvitation> {
  const { clock, actor, invite } = options;
  return options.db.transaction(async (db) => {
    const account = await accountFor(db, invite);
    if (account.id === actor.id) throw invalidField('email', NOT_YOURSELF);
    if (account.blockedAt !== null) throw invalidField('email', INVITATION_MESSAGES.blocked);
    if (isStaff(account.role) && account.role !== invite.role) {
      throw invalidField('role', INVITATION_MESSAGES.otherRole);
    }
    const now = clock();
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
    const token = randomToken();
    const link = {
      role: invite.role,
      tokenHash: sha256(token),
      totpSecret: null,
      invitedBy: actor.id,
      createdAt: now,
      expiresAt,
      usedAt: null,
    };
    await db
      .insert(staffInvitations)
      .values({ userId: account.id, ...link })
      .onConflictDoUpdate({ target: staffInvitations.userId, set: link });
    const setPassword = account.passwordHash === null;
    await queueMail(db, {
      template: 'staff-invitation',
      to: account.email,
      data: {
        name: account.name || invite.name,
        role: invite.role,
        url: invitationUrl(options.publicUrl, token),
        set_password: setPassword,
      },
    });
    await recordAudit(db, actor, {
      action: 'invite',
      resource: 'users',
      recordId: account.id,
      summary: { role: invite.role, from: account.role },
    });
    return {
      id: account.id,
      email: account.email,
      name: account.name || invite.name,
      role: invite.role,
      set_password: setPassword,
      expires_at: expiresAt.toISOString(),
    };
  });
}

/** The invitation of a link that still works, locked for the caller's transaction; 422 otherwise. */
async function liveInvitation(db: Database, token: string, now: Date) {
  if (!TOKEN_PATTERN.test(token)) throw invalid(INVITATION_MESSAGES.unknown);
  const [row] = await db
    .select({
      id: staffInvitations.id,
      role: staffInvitations.role,
      totpSecret: staffInvitations.totpSecret,
      expiresAt: staffInvitations.expiresAt,
      usedAt: staffInvitations.usedAt,
      userId: users.id,
      email: users.email,
      name: users.name,
      currentRole: users.role,
      passwordHash: users.passwordHash,
      blockedAt: users.blockedAt,
    })
    .from(staffInvitations)
    .innerJoin(users, eq(users.id, staffInvitations.userId))
    .where(eq(staffInvitations.tokenHash, sha256(token)))
    .for('update', { of: staffInvitations })
    .limit(1);
  if (!row) throw invalid(INVITATION_MESSAGES.unknown);
  if (row.usedAt !== null) throw invalid(INVITATION_MESSAGES.used);
  if (row.expiresAt.getTime() <= now.getTime()) throw invalid(INVITATION_MESSAGES.expired);
  if (row.blockedAt !== null) throw new HttpError(403, ACCOUNT_BLOCKED);
  if (isStaff(row.currentRole) && row.currentRole !== row.role) {
    throw invalid(INVITATION_MESSAGES.roleChanged);
  }
  return row;
}

/** What the link's page shows; the secret is made on the first opening and stays for reloads. */
export async function openInvitation(options: {
  db: Database;
  clock: Clock;
  token: string;
}): Promise<OpenedInvitation> {
  const now = options.clock();
  return options.db.transaction(async (db) => {
    const row = await liveInvitation(db, options.token, now);
    let secret = row.totpSecret;
    if (secret === null) {
      secret = generateSecret();
      await db
        .update(staffInvitations)
        .set({ totpSecret: secret })
        .where(eq(staffInvitations.id, row.id));
    }
    return {
      email: row.email,
      name: row.name,
      role: row.role,
      set_password: row.passwordHash === null,
      totp: { secret, uri: totpUri(row.email, secret) },
      expires_at: row.expiresAt.toISOString(),
    };
  });
}

/**
 * Enrols the factor, sets the password where the account had none, gives the role and spends the link —
 * all or nothing. The account's old sessions end: they were opened under what it was before.
 */
export async function acceptInvitation(options: {
  db: Database;
  clock: Clock;
  token: string;
  /** argon2 of the chosen password, hashed before the transaction; ignored for an account that has one. */
  passwordHash: string | null;
  code: string;
  ip: string;
}): Promise<{ email: string; role: StaffRole }> {
  const now = options.clock();
  return options.db.transaction(async (db) => {
    const row = await liveInvitation(db, options.token, now);
    if (row.totpSecret === null) throw invalidField('code', INVITATION_MESSAGES.notOpened);
    const setPassword = row.passwordHash === null;
    if (setPassword && options.passwordHash === null) {
      throw invalidField('password', INVITATION_MESSAGES.passwordRequired);
    }
    const step = await matchTotp(row.totpSecret, options.code, now, null);
    if (step === null) throw invalidField('code', TOTP_CODE_WRONG);

    await db
      .update(users)
      .set({
        ...(setPassword ? { passwordHash: options.passwordHash } : {}),
        role: row.role,
        totpSecret: row.totpSecret,
        totpEnabledAt: now,
        // The code just typed does not sign in again: the sign-in asks for the next one.
        totpLastStep: step,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(eq(users.id, row.userId));
    await db.update(staffInvitations).set({ usedAt: now }).where(eq(staffInvitations.id, row.id));
    await revokeAllSessions({ db, userId: row.userId });
    await recordAudit(
      db,
      { id: row.userId, email: row.email, ip: options.ip },
      {
        action: 'invite-accepted',
        resource: 'users',
        recordId: row.userId,
        summary: { role: row.role, from: row.currentRole, password_set: setPassword },
      },
    );
    return { email: row.email, role: row.role };
  });
}
