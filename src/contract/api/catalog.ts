import { z } from 'zod';
import { listOf, pageOf } from './common';
import { AGE_GROUP_SLUGS } from './values';

// The age groups' plain values live in values.ts (zod-free): the app's entry chunk reads them.
export { AGE_GROUP_AGES, AGE_GROUP_SLUGS, DEFAULT_AGE_GROUP, type AgeGroupSlug } from './values';

export const region = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type Region = z.infer<typeof region>;
export const regionsResponse = listOf(region);

export const ageGroup = z.object({
  id: z.number().int(),
  slug: z.enum(AGE_GROUP_SLUGS),
  /** "2–3 года" */
  title: z.string(),
  min_age: z.number().int(),
  max_age: z.number().int(),
  description: z.string(),
  /** What a child learns in this year of the main program. */
  skills: z.array(z.string()),
  /** Themes of the weeks, in order. */
  topics: z.array(z.string()),
});
export type AgeGroup = z.infer<typeof ageGroup>;
export const ageGroupsResponse = listOf(ageGroup);

export const benefit = z.object({ percents: z.number().int(), value: z.number().int() });

/** docs/PRODUCT.md «Product rules» subscription item. Money is integer kopecks. */
export const subscriptionItem = z.object({
  id: z.number().int(),
  title: z.string(),
  price: z.number().int(),
  /** Months. */
  duration: z.number().int(),
  amount_children: z.number().int(),
  is_free: z.boolean(),
  /** Length of a free tariff in days; 0 for paid ones. */
  trial_days: z.number().int(),
  benefits: benefit,
});
export type SubscriptionItem = z.infer<typeof subscriptionItem>;
export const subscriptionsResponse = pageOf(subscriptionItem);

/** docs/PRODUCT.md «Product rules»: the same as a subscription item, with the price also given as text. */
export const giftItem = subscriptionItem.extend({ price_text: z.string() });
export type GiftItem = z.infer<typeof giftItem>;
export const giftsResponse = pageOf(giftItem);

export const additionalProgram = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  /** Not on sale yet: shown with a lock. */
  locked: z.boolean(),
  icon: z.string(),
});
export type AdditionalProgram = z.infer<typeof additionalProgram>;

/** docs/PRODUCT.md «Product rules» additional program item: an offer of one program for a number of children. */
export const additionalProgramItem = z.object({
  id: z.number().int(),
  additional_program_id: z.number().int(),
  amount_children: z.number().int(),
  price: z.number().int(),
  program: additionalProgram,
});
export type AdditionalProgramItem = z.infer<typeof additionalProgramItem>;
export const additionalProgramsResponse = listOf(additionalProgramItem);
