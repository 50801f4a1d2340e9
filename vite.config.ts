import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress-plugin.ts';
import { serviceWorker } from './scripts/service-worker-plugin.ts';
import { fileURLToPath } from 'node:url';

const contract = fileURLToPath(new URL('./src/contract', import.meta.url));

const serverEntry = fileURLToPath(new URL('./src/web/entry-server.tsx', import.meta.url));

// Rolldown's note that plugins took most of the build's time says how busy the machine was (the same build
// is quiet on an idle one), not what is wrong with the app: `npm start` would print it at random. The
// build's time is measured where it matters, in docs/PERFORMANCE.md.
const checks = { bundlerTimings: false };

// The server build (`vite build --ssr`): the public pages rendered by Node, every dependency bundled in so
// the running server needs nothing of the web's packages; its assets point at the browser build's files.
const ssrBuild = {
  outDir: '../../dist/server',
  emptyOutDir: true,
  ssr: serverEntry,
  copyPublicDir: false,
  sourcemap: false,
  minify: false,
  rolldownOptions: { input: serverEntry, output: { entryFileNames: 'entry-server.js' }, checks },
};

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: isSsrBuild ? [react()] : [react(), serviceWorker(), precompress()],
  resolve: { alias: { '@contract': contract } },
  ssr: { noExternal: true, target: 'node' as const },
  build: isSsrBuild
    ? ssrBuild
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        assetsDir: 'assets',
        manifest: true,
        sourcemap: false,
        // Two apps: the school, and the back office at /admin with its own entry and chunks, so nothing of
        // react-admin is ever part of the school's pages.
        rolldownOptions: {
          checks,
          input: {
            main: fileURLToPath(new URL('./src/web/index.html', import.meta.url)),
            admin: fileURLToPath(new URL('./src/web/admin/index.html', import.meta.url)),
          },
          // The back office in one chunk was 1.3 MB. Its libraries go in chunks of their own, each under
          // the 500 kB warning: they change only with a dependency update, so a deploy of our code leaves
          // them cached. Only the back office imports them; the school's chunks are not touched.
          output: {
            strictExecutionOrder: true,
            codeSplitting: {
              includeDependenciesRecursively: false,
              groups: [
                { name: 'admin-mui', test: /node_modules[\\/](@mui|@emotion)[\\/]/ },
                // The rich-text editor of the content forms (ra-input-rich-text's Tiptap and ProseMirror): loaded
                // only when such a form opens (src/admin/rich-text-input.tsx).
                {
                  name: 'admin-editor',
                  test: /node_modules[\\/](ra-input-rich-text|@tiptap|prosemirror-[\w-]+|linkifyjs)[\\/]/,
                },
                // The lesson player's library whole: Vidstack imports its providers and layouts lazily, which
                // on a slow line made a waterfall of small requests between the tap and the first frame.
                // /video fetches this chunk while the parent looks at the lessons.
                {
                  name: 'player',
                  test: /node_modules[\\/](@vidstack|media-captions|media-icons)[\\/]/,
                },
                {
                  name: 'admin-react-admin',
                  test: /node_modules[\\/](react-admin|ra-[\w-]+)[\\/]/,
                },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    // The root is src/web, so its own modules under src/web/api/ are requested as /api/*.ts: keep those local.
    proxy: {
      '/api': {
        target: 'http://127.0.0.1:3000',
        bypass: (req) =>
          /\.(tsx?|jsx?|s?css|svg)(\?|$)/.test(req.url ?? '') ? req.url : undefined,
      },
      '/sandbox': 'http://127.0.0.1:3000',
    },
  },
}));
