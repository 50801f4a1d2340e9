// The built index.html turned into a function of a rendered page: Vite's hashed script and style tags stay
// as built; the page's head, body and data go where the markers in src/web/index.html say.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_MARK_SCRIPT, SSR_STATE_ID, type PageHead } from '@contract/ssr';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PageParts {
  head: PageHead;
  modules: readonly string[];
  html: string;
  state: string;
  /** JSON-LD documents for the page, already serialised. */
  structuredData: readonly string[];
}

export interface PageTemplate {
  page(parts: PageParts): string;
}

/** The app the boot script starts (src/web/main.tsx), by its key in Vite's manifest. */
const APP_MODULE = 'main.tsx';

const SEO = /<!--seo-->[\s\S]*?<!--\/seo-->/;
// Whitespace inside #root would be a text node React does not expect when it hydrates.
const APP = /<div id="root">\s*<!--app-->[\s\S]*?<!--\/app-->\s*<\/div>/;

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `<`, and the separators JSON allows but JavaScript does not, escaped: safe inside a <script> element. */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The chunk files and styles of source modules and of everything they import statically. */
function closure(manifest: Manifest, modules: readonly string[]) {
  const chunks = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunks.has(chunk.file)) return;
    chunks.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return { chunks, styles };
}

/** The two Nunito files (Cyrillic, and Latin with punctuation and «₽»): every page's text needs both. */
function fontFiles(webDir: string): string[] {
  try {
    return readdirSync(join(webDir, 'assets'))
      .filter((name) => /^nunito-.*\.woff2$/.test(name))
      .map((name) => `/assets/${name}`);
  } catch {
    return [];
  }
}

export function loadPageTemplate(webDir: string, publicUrl: string): PageTemplate | null {
  let html: string;
  let manifest: Manifest;
  try {
    html = readFileSync(join(webDir, 'index.html'), 'utf8');
    manifest = JSON.parse(readFileSync(join(webDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
  if (!SEO.test(html) || !APP.test(html)) return null;
  // What the entry (the boot script) brings is already linked by Vite. The app it starts and the page's
  // lazy modules are not: their styles are linked now, so the page is styled before any script runs, and
  // their chunks are listed for the boot script to preload when the app starts (not before: a visitor who
  // only reads downloads none of it).
  const entry = closure(manifest, ['index.html']);
  const cssCache = new Map<string, string>();
  // A style sheet's text; `</` never occurs in CSS Vite writes, and the guard keeps it that way.
  const cssText = (file: string): string => {
    let text = cssCache.get(file);
    if (text === undefined) {
      text = readFileSync(join(webDir, file), 'utf8').replace(/<\//g, '<\\/');
      cssCache.set(file, text);
    }
    return text;
  };
  const fonts = fontFiles(webDir)
    .map((href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`)
    .join('');

  return {
    page({ head, modules, html: body, state, structuredData }) {
      const own = closure(manifest, [APP_MODULE, ...modules]);
      // The styles go inline: a dozen small files would each be a request that holds up the first paint.
      // The app, once started, asks for the same files by name; a disabled link (never fetched) under
      // each name tells it they are in already.
      const styles = [...own.styles]
        .filter((css) => !entry.styles.has(css))
        .map(
          (css) => `<link rel="stylesheet" href="/${css}" disabled><style>${cssText(css)}</style>`,
        )
        .join('');
      const chunks = [...own.chunks]
        .filter((file) => !entry.chunks.has(file))
        .map((file) => `/${file}`);
      const canonical = head.canonicalPath ? `${publicUrl}${head.canonicalPath}` : null;
      const seo = [
        `<script>${SESSION_MARK_SCRIPT}</script>`,
        `<title>${escapeHtml(head.title)}</title>`,
        `<meta name="description" content="${escapeHtml(head.description)}">`,
        head.noindex ? '<meta name="robots" content="noindex">' : '',
        canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : '',
        '<meta property="og:type" content="website">',
        '<meta property="og:site_name" content="Школа Умняшек">',
        `<meta property="og:title" content="${escapeHtml(head.title)}">`,
        `<meta property="og:description" content="${escapeHtml(head.description)}">`,
        canonical ? `<meta property="og:url" content="${escapeHtml(canonical)}">` : '',
        fonts,
        styles,
        ...structuredData.map((json) => `<script type="application/ld+json">${json}</script>`),
      ].join('');
      const data =
        `<script type="application/json" id="${SSR_STATE_ID}">${state}</script>` +
        `<script type="application/json" id="ssr-chunks">${scriptSafeJson(chunks)}</script>`;
      return html
        .replace(SEO, () => seo)
        .replace(APP, () => `<div id="root">${body}</div>`)
        .replace('</body>', () => `${data}</body>`);
    },
  };
}
