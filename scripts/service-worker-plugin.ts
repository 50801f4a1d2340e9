// Builds the service worker (src/web/sw/service-worker.ts → /sw.js) and the offline page's script
// (→ /offline.js) at the end of the browser build, each a single classic script, with the list of files the
// worker precaches: the app shell from src/web/public and every hashed file the school's entry can reach,
// lazy routes included — never the back office's. The list's fingerprint names the worker's cache, so a
// build that changes any of those files is a new worker (docs/DECISIONS.md «The service worker»).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';

/** The app shell: not hashed, served from the site's root, revalidated when the worker installs. */
export const SHELL_FILES = [
  '/offline.html',
  '/offline.js',
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/icon-maskable-192.png',
  '/icons/icon-maskable-512.png',
] as const;

/**
 * Pages the server answers with the app's shell, kept for a visit with no network: the video page, where
 * kept lessons play (src/web/sw/routing.ts VIDEO_SHELL). The shell names only this build's hashed files,
 * which the list already fingerprints.
 */
export const SHELL_PAGES = ['/video'] as const;

type Bundle = Rollup.OutputBundle;

/** Every file of the bundle the entry `index.html` (the school) reaches: chunks, their styles and assets. */
export function schoolFiles(bundle: Bundle): string[] {
  const entry = Object.values(bundle).find(
    (file) =>
      file.type === 'chunk' &&
      file.isEntry &&
      file.facadeModuleId?.endsWith('/index.html') === true &&
      !file.facadeModuleId.includes('/admin/'),
  );
  if (!entry || entry.type !== 'chunk')
    throw new Error('the school entry (index.html) is not in the bundle');
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (!chunk || chunk.type !== 'chunk' || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
    for (const imported of [...chunk.imports, ...chunk.dynamicImports]) visit(imported);
  };
  visit(entry.fileName);
  return [...files].map((file) => `/${file}`).sort();
}

/** One script, all its imports inlined, minified, as a classic script (a module worker is not yet everywhere). */
async function scriptOf(entry: string, define: Record<string, string>): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    define,
    build: {
      write: false,
      emptyOutDir: false,
      minify: true,
      sourcemap: false,
      rolldownOptions: { input: entry, output: { format: 'iife' } },
    },
  });
  const result = Array.isArray(output) ? output[0] : output;
  const chunk = result && 'output' in result ? result.output[0] : undefined;
  if (!chunk || chunk.type !== 'chunk')
    throw new Error(`${entry}: no script came out of the build`);
  return chunk.code;
}

export function serviceWorker(): Plugin {
  let webRoot = '';
  return {
    name: 'umnyashki-service-worker',
    apply: 'build',
    configResolved(config) {
      webRoot = config.root;
    },
    async generateBundle(_options, bundle) {
      const offlineScript = await scriptOf(resolve(webRoot, 'sw/offline-page.ts'), {});
      const precache = [...SHELL_FILES, ...SHELL_PAGES, ...schoolFiles(bundle)];
      // Hashed names carry their content already; the shell's files are fingerprinted by their bytes.
      const fingerprint = createHash('sha256').update(precache.join('\n')).update(offlineScript);
      for (const file of SHELL_FILES) {
        if (file !== '/offline.js')
          fingerprint.update(readFileSync(resolve(webRoot, `public${file}`)));
      }
      const worker = await scriptOf(resolve(webRoot, 'sw/service-worker.ts'), {
        __PRECACHE__: JSON.stringify(precache),
        __PRECACHE_VERSION__: JSON.stringify(fingerprint.digest('hex').slice(0, 16)),
      });
      this.emitFile({ type: 'asset', fileName: 'offline.js', source: offlineScript });
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: worker });
    },
  };
}
