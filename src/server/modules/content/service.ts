import { asc, eq } from 'drizzle-orm';
import type { Instruction, LandingData, LandingKey, Page } from '@contract/api/content';
import type { Database } from '../../db/client';
import { instructions, landingContents, pages } from '../../db/schema/index';
import { notFound } from '../../plugins/errors';
import { sanitizeContentHtml } from './sanitize';

export const PAGE_NOT_FOUND = 'Страница не найдена';
export const LANDING_NOT_FOUND = 'Содержимое раздела не найдено';

/** key_values entries named *_html are HTML (footer_html); the rest are plain text. */
function cleanKeyValues(values: Record<string, string>): LandingData['key_values'] {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    out[key] = key.endsWith('_html') ? sanitizeContentHtml(value) : value;
  }
  return { ...out, footer_html: out.footer_html ?? '' };
}

/** The landing's texts as the API names them: the site and the back office show the same fields. */
export function landingTexts(row: typeof landingContents.$inferSelect) {
  return {
    banner_description: row.bannerDescription,
    banner_text: row.bannerText,
    video_heading: row.videoHeading,
    video_link: row.videoLink,
    video_poster: row.videoPoster,
    promo_button: row.promoButton,
    promo_text: row.promoText,
    special_text: row.specialText,
    offer_percent: row.offerPercent,
  };
}

export async function getLanding({
  db,
  key,
}: {
  db: Database;
  key: LandingKey;
}): Promise<LandingData> {
  const [row] = await db
    .select()
    .from(landingContents)
    .where(eq(landingContents.key, key))
    .limit(1);
  if (!row) throw notFound(LANDING_NOT_FOUND);
  return { key, ...landingTexts(row), key_values: cleanKeyValues(row.keyValues) };
}

export async function getPage({ db, slug }: { db: Database; slug: string }): Promise<Page> {
  const [row] = await db.select().from(pages).where(eq(pages.slug, slug)).limit(1);
  if (!row) throw notFound(PAGE_NOT_FOUND);
  return {
    slug: row.slug,
    title: row.title,
    body_html: sanitizeContentHtml(row.bodyHtml),
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listInstructions({ db }: { db: Database }): Promise<Instruction[]> {
  const rows = await db
    .select()
    .from(instructions)
    .orderBy(asc(instructions.position), asc(instructions.id));
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    body_html: sanitizeContentHtml(row.bodyHtml),
    position: row.position,
  }));
}
