// Where a new parent came from: the referral code (`?ref=` or the `ref` cookie) and the marketing
// parameters of the registration page. Junk is dropped silently — it is the page's URL, not the parent's
// input, so it never fails a registration.

const REF_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const MARKETING_KEY = /^(utm_[a-z0-9_]{1,30}|yclid|gclid)$/;
const MAX_MARKETING_VALUE = 200;
const MAX_MARKETING_KEYS = 12;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function firstString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

/** The page's `ref` wins over the cookie: it is the most recent invitation the parent followed. */
export function referralCode(
  query: Record<string, unknown>,
  refCookie: string | undefined,
): string | null {
  for (const candidate of [firstString(query.ref), refCookie]) {
    const code = candidate?.trim();
    if (code && REF_PATTERN.test(code)) return code;
  }
  return null;
}

/** utm_* (and the ad click ids) of the registration page; null when there are none. */
export function marketingParams(query: Record<string, unknown>): Record<string, string> | null {
  const params: Record<string, string> = {};
  let kept = 0;
  for (const [key, value] of Object.entries(query)) {
    if (kept >= MAX_MARKETING_KEYS) break;
    // PostgreSQL's jsonb refuses NUL and lone surrogates; junk in a page address is dropped, not fatal.
    // Cut by code points, not UTF-16 units, so the cut never leaves half of an emoji behind.
    const text = [...(firstString(value) ?? '')]
      .filter((c) => c >= ' ' && c !== '\u007f')
      .slice(0, MAX_MARKETING_VALUE)
      .join('')
      .trim();
    if (LONE_SURROGATE.test(text)) continue;
    if (!MARKETING_KEY.test(key) || !text) continue;
    params[key] = text;
    kept += 1;
  }
  return kept > 0 ? params : null;
}
