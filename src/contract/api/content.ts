import { z } from 'zod';
import { dataOf, listOf } from './common';

export const LANDING_KEYS = ['landing', 'payment'] as const;
export type LandingKey = (typeof LANDING_KEYS)[number];

export const landingQuery = z.object({
  key: z
    .enum(LANDING_KEYS, { error: 'Неизвестный раздел: landing или payment' })
    .default('landing'),
});

/** docs/PRODUCT.md: the landing texts, plus key_values with the footer html (sanitised on the server). */
export const landingData = z.object({
  key: z.enum(LANDING_KEYS),
  banner_description: z.string(),
  banner_text: z.string(),
  video_heading: z.string(),
  video_link: z.string(),
  video_poster: z.string(),
  promo_button: z.string(),
  promo_text: z.string(),
  special_text: z.string(),
  /** The offer block's percentage discount. */
  offer_percent: z.number().int().min(0).max(100),
  key_values: z.record(z.string(), z.string()).and(z.object({ footer_html: z.string() })),
});
export type LandingData = z.infer<typeof landingData>;
export const landingResponse = dataOf(landingData);

/** Slugs are lower-case latin words with hyphens. */
export const slugParam = z.object({
  slug: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Неверный адрес страницы'),
});

export const PAGE_SLUGS = {
  privacy: 'confidentiality-policy',
  license: 'license-agreement',
  personalData: 'personal-data-consent',
  about: 'about',
  team: 'team',
  vacancy: 'vacancy',
  contacts: 'contacts',
  faq: 'faq',
} as const;

export const page = z.object({
  slug: z.string(),
  title: z.string(),
  /** Sanitised HTML, safe to render as is. */
  body_html: z.string(),
  /** Document version (for consent records); "1" for plain pages. */
  version: z.string(),
  updated_at: z.string(),
});
export type Page = z.infer<typeof page>;
export const pageResponse = dataOf(page);

export const instruction = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  body_html: z.string(),
  position: z.number().int(),
});
export type Instruction = z.infer<typeof instruction>;
export const instructionsResponse = listOf(instruction);
