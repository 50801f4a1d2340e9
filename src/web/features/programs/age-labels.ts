import { AGE_GROUP_SLUGS, type AgeGroupSlug } from '@contract/api/values';

/** Tab labels before the age groups arrive (and if they fail): the slugs are fixed by docs/PRODUCT.md «Product rules». */
export const AGE_LABELS: Record<AgeGroupSlug, string> = {
  'two-three': '2–3 года',
  'three-four': '3–4 года',
  'four-five': '4–5 лет',
  'five-six': '5–6 лет',
  'six-seven': '6–7 лет',
};

export function isAgeGroupSlug(value: string): value is AgeGroupSlug {
  return (AGE_GROUP_SLUGS as readonly string[]).includes(value);
}
