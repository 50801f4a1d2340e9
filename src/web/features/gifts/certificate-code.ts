// The code of a gift certificate travels from the mail link (/gift?code=…) through registration or login
// to the activation form. The query carries it across redirects; sessionStorage keeps it while a modal
// (register, login) replaces the page's address, and forgets it with the tab.
const KEY = 'certificate-code';
export const CODE_PARAM = 'code';

/** Navigation state that opens the register or login modal on arrival at gift/register or gift/auth. */
export const OPEN_ENTRY_STATE = 'openEntry';

/** What a parent types, shown upper case; spaces and dashes stay (the server ignores them). */
export function displayCertificateCode(value: string): string {
  return value.toUpperCase().slice(0, 24);
}

/** A code worth carrying along: letters, digits, spaces and dashes only, so nothing odd reaches a URL. */
function plausible(value: string | null | undefined): string | null {
  const code = value?.trim();
  return code && /^[A-Za-z0-9\s-]{1,24}$/.test(code) ? displayCertificateCode(code) : null;
}

export function rememberCertificateCode(code: string | null | undefined): void {
  const clean = plausible(code);
  if (!clean) return;
  try {
    window.sessionStorage.setItem(KEY, clean);
  } catch {
    // Storage unavailable: the query still carries the code.
  }
}

export function forgetCertificateCode(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored either.
  }
}

/** The code of `?code=` in this search string, else the one remembered in this tab. */
export function pendingCertificateCode(search: string): string | null {
  const fromQuery = plausible(new URLSearchParams(search).get(CODE_PARAM));
  if (fromQuery) return fromQuery;
  try {
    return plausible(window.sessionStorage.getItem(KEY));
  } catch {
    return null;
  }
}

/** `{code}` for pathTo's query when there is a code to carry, else nothing. */
export function codeQuery(code: string | null): Record<string, string> | undefined {
  return code ? { [CODE_PARAM]: code } : undefined;
}
