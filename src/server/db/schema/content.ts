// Texts the school edits: landing blocks, static pages (documents, about), help instructions.
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './timestamps';

/** One row per landing key ('landing', 'payment'): the docs/PRODUCT.md texts plus free key_values. */
export const landingContents = pgTable('landing_contents', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  bannerDescription: text('banner_description').notNull(),
  bannerText: text('banner_text').notNull(),
  videoHeading: text('video_heading').notNull(),
  videoLink: text('video_link').notNull(),
  videoPoster: text('video_poster').notNull(),
  promoButton: text('promo_button').notNull(),
  promoText: text('promo_text').notNull(),
  specialText: text('special_text').notNull(),
  offerPercent: integer('offer_percent').notNull().default(0),
  /** Values whose key ends with `_html` (footer_html) are HTML and sanitised on the way out. */
  keyValues: jsonb('key_values').$type<Record<string, string>>().notNull(),
  ...timestamps,
});

export const pages = pgTable('pages', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  bodyHtml: text('body_html').notNull(),
  /** Document version; consent records refer to it. */
  version: text('version').notNull().default('1'),
  ...timestamps,
});

export const instructions = pgTable(
  'instructions',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    bodyHtml: text('body_html').notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('instructions_position_idx').on(t.position, t.id)],
);
