import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress-plugin';
import { fileURLToPath } from 'node:url';

const contract = fileURLToPath(new URL('./src/contract', import.meta.url));

const serverEntry = fileURLToPath(new URL('./src/web/entry-server.tsx', import.meta.url));

// The server build (`vite build --ssr`): the public pages rendered by Node, every dependency bundled in so
// the running server needs nothing of the web's packages; its assets point at the browser build's files.
const ssrBuild = {
  outDir: '../../dist/server',
  emptyOutDir: true,
  ssr: serverEntry,
  copyPublicDir: false,
  sourcemap: false,
  minify: false,
  rollupOptions: { input: serverEntry, output: { entryFileNames: 'entry-server.js' } },
};

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
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
        rollupOptions: {
          input: {
            main: fileURLToPath(new URL('./src/web/index.html', import.meta.url)),
            admin: fileURLToPath(new URL('./src/web/admin/index.html', import.meta.url)),
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
