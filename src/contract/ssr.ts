// What the server and its server-rendered web bundle (dist/server/entry-server.js) say to each other. The
// server loads the bundle as a built file, never as source, so these types are the whole of their contract.

/** An answer of the school's own API, asked in-process (no socket). */
export interface ApiAnswer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** GET of an /api path (with its query) as the page's visitor would make it. */
export type FetchApi = (path: string) => Promise<ApiAnswer>;

/** What a server-rendered page says about itself in <head>: for search engines and link previews. */
export interface PageHead {
  title: string;
  description: string;
  /** Path of the page's one address (no query): the landing's modal addresses all point at `/`. */
  canonicalPath: string | null;
  /** Not a page to index: the 404 page and the landing opened on a modal. */
  noindex: boolean;
  notFound: boolean;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      head: PageHead;
      /** Source modules (relative to src/web) whose chunks and styles the page needs at once. */
      modules: string[];
      html: string;
      /** JSON for the <script type="application/json"> the SPA hydrates from (already <-escaped). */
      state: string;
    };

export interface SsrBundle {
  render(url: URL, fetchApi: FetchApi): Promise<RenderResult>;
}

/** The id of the <script type="application/json"> a server-rendered page carries its data in. */
export const SSR_STATE_ID = 'ssr-state';

/** The browser storage key of the parent's login (docs/PRODUCT.md «Product rules» `user-token`). */
export const TOKEN_STORAGE_KEY = 'user-token';

/**
 * A server-rendered page's one inline script, in <head> before any style: it marks <html> when a login is
 * stored, before the first paint. The page is a guest's until the app takes the login up, and the guest's «Войти»
 * and «Регистрация» would turn into «Выйти» under a signed-in parent's finger: marked, they stay unseen
 * (their place kept) until the app holds the page. The server's CSP allows exactly this text by its hash.
 */
export const SESSION_MARK_SCRIPT = `try{localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)})&&(document.documentElement.dataset.session="parent")}catch(e){}`;
