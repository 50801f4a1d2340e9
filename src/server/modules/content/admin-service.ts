// The back office's side of content: the landing rows, static pages and help instructions. HTML is
// sanitised on save (what is stored is what the site may show) and again on every read (content.ts), so a
// row written around this code cannot put a script on the site either.
import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { AdminLanding } from '@contract/api/admin-content';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { instructions, landingContents, pages } from '../../db/schema/index';
import { invalidField, notFound } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../../shared/audit';
import { listMeta, type ListQuery } from '../../shared/list';
import { sanitizeContentHtml } from './sanitize';
import { LANDING_NOT_FOUND, PAGE_NOT_FOUND, landingTexts } from './service';

export const INSTRUCTION_NOT_FOUND = 'Инструкция не найдена';
export const SLUG_TAKEN = 'Инструкция с таким адресом уже есть';

const ALL: ListQuery = { page: 1, per_page: 100, order: 'ASC' };

const cleanIfHtml = (key: string, value: string) =>
  key.endsWith('_html') ? sanitizeContentHtml(value) : value;

function toAdminLanding(row: typeof landingContents.$inferSelect): AdminLanding {
  return {
    id: row.id,
    key: row.key as AdminLanding['key'],
    ...landingTexts(row),
    key_values: Object.entries(row.keyValues).map(([key, value]) => ({ key, value })),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function adminLandings(db: Database) {
  const rows = await db.select().from(landingContents).orderBy(asc(landingContents.id));
  return { data: rows.map(toAdminLanding), meta: listMeta(ALL, rows.length) };
}

export async function adminLanding(db: Database, id: number): Promise<AdminLanding> {
  const [row] = await db.select().from(landingContents).where(eq(landingContents.id, id));
  if (!row) throw notFound(LANDING_NOT_FOUND);
  return toAdminLanding(row);
}

export interface LandingInput {
  banner_description: string;
  banner_text: string;
  video_heading: string;
  video_link: string;
  video_poster: string;
  promo_button: string;
  promo_text: string;
  special_text: string;
  offer_percent: number;
  key_values: { key: string; value: string }[];
}

async function updateLanding(
  db: Database,
  id: number,
  input: LandingInput,
  now: Date,
): Promise<AdminLanding> {
  const [row] = await db
    .update(landingContents)
    .set({
      bannerDescription: input.banner_description,
      bannerText: input.banner_text,
      videoHeading: input.video_heading,
      videoLink: input.video_link,
      videoPoster: input.video_poster,
      promoButton: input.promo_button,
      promoText: input.promo_text,
      specialText: input.special_text,
      offerPercent: input.offer_percent,
      keyValues: Object.fromEntries(
        input.key_values.map(({ key, value }) => [key, cleanIfHtml(key, value)]),
      ),
      updatedAt: now,
    })
    .where(eq(landingContents.id, id))
    .returning();
  if (!row) throw notFound(LANDING_NOT_FOUND);
  return toAdminLanding(row);
}

const pageOf = (row: typeof pages.$inferSelect) => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  body_html: row.bodyHtml,
  version: row.version,
  updated_at: row.updatedAt.toISOString(),
});

export async function adminPages(db: Database) {
  const rows = await db.select().from(pages).orderBy(asc(pages.slug));
  return { data: rows.map(pageOf), meta: listMeta(ALL, rows.length) };
}

export async function adminPage(db: Database, id: number) {
  const [row] = await db.select().from(pages).where(eq(pages.id, id));
  if (!row) throw notFound(PAGE_NOT_FOUND);
  return pageOf(row);
}

async function updatePage(
  db: Database,
  id: number,
  input: { title: string; body_html: string; version: string },
  now: Date,
) {
  const [row] = await db
    .update(pages)
    .set({
      title: input.title,
      bodyHtml: sanitizeContentHtml(input.body_html),
      version: input.version,
      updatedAt: now,
    })
    .where(eq(pages.id, id))
    .returning();
  if (!row) throw notFound(PAGE_NOT_FOUND);
  return pageOf(row);
}

const instructionOf = (row: typeof instructions.$inferSelect) => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  body_html: row.bodyHtml,
  position: row.position,
  updated_at: row.updatedAt.toISOString(),
});

export async function adminInstructions(db: Database) {
  const [rows, [total]] = await Promise.all([
    db.select().from(instructions).orderBy(asc(instructions.position), asc(instructions.id)),
    db.select({ n: count() }).from(instructions),
  ]);
  return { data: rows.map(instructionOf), meta: listMeta(ALL, total?.n ?? 0) };
}

export async function adminInstruction(db: Database, id: number) {
  const [row] = await db.select().from(instructions).where(eq(instructions.id, id));
  if (!row) throw notFound(INSTRUCTION_NOT_FOUND);
  return instructionOf(row);
}

export interface InstructionInput {
  slug: string;
  title: string;
  body_html: string;
  position: number;
}

async function refuseTakenSlug(db: Database, slug: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: instructions.id })
    .from(instructions)
    .where(
      exceptId === undefined
        ? eq(instructions.slug, slug)
        : and(eq(instructions.slug, slug), ne(instructions.id, exceptId)),
    );
  if (taken) throw invalidField('slug', SLUG_TAKEN);
}

async function createInstruction(db: Database, input: InstructionInput, now: Date) {
  await refuseTakenSlug(db, input.slug);
  const [row] = await db
    .insert(instructions)
    .values({
      slug: input.slug,
      title: input.title,
      bodyHtml: sanitizeContentHtml(input.body_html),
      position: input.position,
      createdAt: now,
      updatedAt: now,
    })
    // Two editors saving one new address at once: the second hears the same answer.
    .onConflictDoNothing({ target: instructions.slug })
    .returning();
  if (!row) throw invalidField('slug', SLUG_TAKEN);
  return instructionOf(row);
}

async function updateInstruction(db: Database, id: number, input: InstructionInput, now: Date) {
  await adminInstruction(db, id);
  await refuseTakenSlug(db, input.slug, id);
  const [row] = await db
    .update(instructions)
    .set({
      slug: input.slug,
      title: input.title,
      bodyHtml: sanitizeContentHtml(input.body_html),
      position: input.position,
      updatedAt: now,
    })
    .where(eq(instructions.id, id))
    .returning()
    .catch((error: unknown) => {
      // Another editor took the address between the check and this update.
      if (isUniqueViolation(error)) throw invalidField('slug', SLUG_TAKEN);
      throw error;
    });
  if (!row) throw notFound(INSTRUCTION_NOT_FOUND);
  return instructionOf(row);
}

async function deleteInstruction(db: Database, id: number) {
  const found = await adminInstruction(db, id);
  await db.delete(instructions).where(eq(instructions.id, id));
  return found;
}

/** The change and its audit entry commit together. */
const audited = <T extends { id: number }>(
  db: Database,
  actor: AuditActor,
  entry: { resource: string; action: string },
  change: (tx: Database) => Promise<T>,
  summary: (result: T) => object = () => ({}),
) =>
  db.transaction(async (tx) => {
    const result = await change(tx);
    await recordAudit(tx, actor, { ...entry, recordId: result.id, summary: summary(result) });
    return result;
  });

export const saveLanding = (
  db: Database,
  actor: AuditActor,
  id: number,
  input: LandingInput,
  now: Date,
) =>
  audited(db, actor, { resource: 'landing', action: 'update' }, (tx) =>
    updateLanding(tx, id, input, now),
  );

export const savePage = (
  db: Database,
  actor: AuditActor,
  id: number,
  input: { title: string; body_html: string; version: string },
  now: Date,
) =>
  audited(
    db,
    actor,
    { resource: 'pages', action: 'update' },
    (tx) => updatePage(tx, id, input, now),
    (page) => ({ slug: page.slug, version: page.version }),
  );

export const addInstruction = (
  db: Database,
  actor: AuditActor,
  input: InstructionInput,
  now: Date,
) =>
  audited(
    db,
    actor,
    { resource: 'instructions', action: 'create' },
    (tx) => createInstruction(tx, input, now),
    (row) => ({ slug: row.slug }),
  );

export const saveInstruction = (
  db: Database,
  actor: AuditActor,
  id: number,
  input: InstructionInput,
  now: Date,
) =>
  audited(
    db,
    actor,
    { resource: 'instructions', action: 'update' },
    (tx) => updateInstruction(tx, id, input, now),
    (row) => ({ slug: row.slug }),
  );

export const removeInstruction = (db: Database, actor: AuditActor, id: number) =>
  audited(
    db,
    actor,
    { resource: 'instructions', action: 'delete' },
    (tx) => deleteInstruction(tx, id),
    (row) => ({ slug: row.slug }),
  );
