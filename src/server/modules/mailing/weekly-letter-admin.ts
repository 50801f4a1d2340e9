// The back office's view of a family's weekly letter: the letter as it would leave now, and «send now»
// (docs/MAILING.md «Письмо недели»). Both say plainly when the family gets no letter, and why.
import { eq, sql } from 'drizzle-orm';
import { isPlaceholderEmail } from '@contract/api/oauth-values';
import { ERROR_CODES } from '@contract/api/values';
import type { WeeklyLetterPreview } from '@contract/api/admin';
import type { Database } from '../../db/client';
import { mailingCategories, users } from '../../db/schema/index';
import { renderMail } from '../../integrations/mail/render';
import { conflict, notFound } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../../shared/audit';
import { whyUnreachable } from './deliver';
import { unsubscribeUrl } from './links';
import { receivesCategory } from './preferences';
import { weeklyCategoryId, queueWeeklyLetterNow } from './weekly-letter';
import { weeklyLetterOf, type NoLetter } from './weekly-letter-content';

const FAMILY_NOT_FOUND = 'Семья не найдена';
const NO_CATEGORY = 'Рассылки «Письмо недели» нет в списке рассылок';

/** Why no letter would leave, as the back office says it. */
const WHY_NOT: Record<NoLetter | NonNullable<ReturnType<typeof whyUnreachable>>, string> = {
  no_children: 'В семье нет детей\u00a0— писать не о ком.',
  still_quiet:
    'Семья уже получила короткое напоминание и с тех пор не занималась\u00a0— второе подряд не отправляем.',
  no_address: 'У семьи нет адреса почты.',
  unconfirmed: 'Семья не подтвердила адрес почты.',
  blocked: 'Вход семьи закрыт.',
  unsubscribed: 'Семья отписалась от «Письма недели».',
};

/** The family's letter as it would leave at `now`, rendered, or why it would not. */
export async function weeklyLetterPreview(
  db: Database,
  config: { publicUrl: string; supportEmail: string; mail: { from: string } },
  userId: number,
  now: Date,
): Promise<WeeklyLetterPreview> {
  const categoryId = await weeklyCategoryId(db);
  if (categoryId === null) throw notFound(NO_CATEGORY);
  const [family] = await db
    .select({
      email: users.email,
      name: users.name,
      role: users.role,
      verifiedAt: users.emailVerifiedAt,
      blockedAt: users.blockedAt,
      receives: sql<boolean>`${receivesCategory(sql`${users.id}`, categoryId)}`,
      category: sql<string>`(select ${mailingCategories.title} from ${mailingCategories}
        where ${mailingCategories.id} = ${categoryId})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!family || family.role !== 'parent') throw notFound(FAMILY_NOT_FOUND);
  const blocked = whyUnreachable(family);
  const read = await weeklyLetterOf(db, userId, categoryId, now);
  if ('none' in read) return { kind: null, reason: WHY_NOT[read.none], mail: null };
  // The preview's unsubscribe link is a sample: a real one is made for each letter as it leaves.
  const rendered = await renderMail(
    {
      template: 'weekly-letter',
      to: isPlaceholderEmail(family.email) ? 'preview@example.invalid' : family.email,
      data: {
        name: family.name,
        category: family.category,
        unsubscribe_url: unsubscribeUrl(config.publicUrl, 'preview'),
        letter: read.letter,
      },
    },
    config,
  );
  return {
    kind: read.letter.kind,
    reason: blocked ? WHY_NOT[blocked] : null,
    mail: { subject: rendered.subject, html: rendered.html, text: rendered.text },
  };
}

/** «Send now»: queued for the sender at once, audited; refused when the family would get nothing. */
export async function sendWeeklyLetterNow(
  db: Database,
  config: { publicUrl: string; supportEmail: string; mail: { from: string } },
  actor: AuditActor,
  userId: number,
  now: Date,
): Promise<void> {
  const preview = await weeklyLetterPreview(db, config, userId, now);
  if (preview.kind === null || preview.reason !== null) {
    throw conflict(preview.reason ?? WHY_NOT.no_children, ERROR_CODES.weeklyLetterUnavailable);
  }
  await db.transaction(async (tx) => {
    await queueWeeklyLetterNow(tx, userId, now);
    await recordAudit(tx, actor, {
      action: 'weekly-letter',
      resource: 'users',
      recordId: userId,
      summary: { kind: preview.kind },
    });
  });
}
