// Small server-rendered pages: the sandbox providers' consent screens and the data-deletion status page.
// Everything interpolated goes through escapeHtml; styles are inline (the CSP allows inline styles only).

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Tagged template: `${…}` values are escaped unless they are already Html. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    const parts = Array.isArray(value) ? value : [value];
    for (const part of parts) {
      if (part === null || part === undefined || part === false) continue;
      out += part instanceof Html ? part.value : escapeHtml(String(part));
    }
    out += strings[i + 1] ?? '';
  });
  return new Html(out);
}

export interface PageTheme {
  /** Main colour: buttons, headings. */
  accent: string;
  /** Page background. */
  background: string;
}

/** The school's own look (src/web/styles/_tokens.scss). */
export const SCHOOL_THEME: PageTheme = { accent: '#6c4cf1', background: '#fffdf8' };

export function htmlPage(options: {
  title: string;
  theme?: PageTheme;
  body: Html;
  /** Rules a page needs beyond the shared ones (trusted CSS of our own, never user input). */
  style?: string;
}): string {
  const theme = options.theme ?? SCHOOL_THEME;
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)}</title>
<style>
  :root { --accent: ${theme.accent}; --bg: ${theme.background}; --ink: #2b2350; --muted: #6b6489;
    --line: #e6e2f3; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; background: var(--bg); color: var(--ink);
    font: 17px/1.55 'Nunito', 'Segoe UI', Roboto, Arial, sans-serif;
    display: flex; align-items: flex-start; justify-content: center; padding: 32px 16px; }
  .card { width: 100%; max-width: 440px; background: #fff; border-radius: 24px; padding: 32px 28px;
    box-shadow: 0 16px 48px rgba(43, 35, 80, 0.16); }
  .brand { display: flex; align-items: center; gap: 12px; margin-bottom: 20px; font-weight: 800;
    font-size: 20px; color: var(--accent); }
  .logo { width: 40px; height: 40px; border-radius: 12px; background: var(--accent); color: #fff;
    display: grid; place-items: center; font-size: 20px; font-weight: 800; flex: none; }
  h1 { font-size: 24px; line-height: 1.2; margin: 0 0 12px; }
  p { margin: 0 0 12px; }
  .muted { color: var(--muted); font-size: 15px; }
  .note { background: #fff8e1; border-radius: 12px; padding: 10px 14px; font-size: 14px;
    color: #7a5a00; margin-bottom: 20px; }
  .people { border: 0; padding: 0; margin: 0 0 20px; display: grid; gap: 10px; }
  .people legend { font-weight: 700; margin-bottom: 10px; padding: 0; }
  .person { display: flex; align-items: center; gap: 12px; border: 2px solid var(--line);
    border-radius: 16px; padding: 10px 14px; cursor: pointer; }
  .person:has(input:checked) { border-color: var(--accent); background: #f6f4ff; }
  .person input { accent-color: var(--accent); width: 20px; height: 20px; margin: 0; flex: none; }
  .avatar { width: 44px; height: 44px; border-radius: 50%; flex: none; }
  .who { display: flex; flex-direction: column; min-width: 0; }
  .who b { font-weight: 700; }
  .who span { color: var(--muted); font-size: 14px; overflow-wrap: anywhere; }
  .scopes { margin: 0 0 20px; padding-left: 20px; color: var(--muted); font-size: 15px; }
  .actions { display: flex; gap: 12px; flex-wrap: wrap; }
  button { font: inherit; font-weight: 700; border-radius: 999px; padding: 12px 24px; cursor: pointer;
    border: 2px solid var(--accent); min-height: 48px; flex: 1 1 140px; }
  .allow { background: var(--accent); color: #fff; }
  .cancel { background: #fff; color: var(--accent); }
  button:focus-visible, .person:focus-within { outline: 3px solid #ffc93c; outline-offset: 2px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 16px; margin: 0 0 16px; }
  dt { color: var(--muted); }
  dd { margin: 0; font-weight: 700; overflow-wrap: anywhere; }
  a { color: var(--accent); }
  @media (max-width: 420px) {
    body { padding: 16px 10px; }
    .card { padding: 24px 18px; }
    .person { padding: 10px 12px; gap: 10px; }
    dl { grid-template-columns: 1fr; gap: 2px; }
    dd { margin-bottom: 8px; }
  }
${options.style ?? ''}
</style>
</head>
<body>
<main class="card">
${options.body.value}
</main>
</body>
</html>
`;
}
