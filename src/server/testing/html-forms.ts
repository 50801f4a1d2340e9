// The hidden-field forms of the sandboxes' pages (consent, card, 3-D Secure), read as a browser would
// submit them. Free of the test runner, so the fault drill's parents use it too.
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescape = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);

/** The consent form of a sandbox page: where it posts and its hidden fields. */
export function consentForm(page: string): { action: string; fields: Record<string, string> } {
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
  if (!action) throw new Error('no consent form on the page');
  const fields: Record<string, string> = {};
  for (const [, name, value] of page.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)"\s*\/?>/g,
  )) {
    if (name !== undefined && value !== undefined) fields[unescape(name)] = unescape(value);
  }
  return { action: unescape(action), fields };
}
