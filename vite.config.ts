import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress-plugin';
import { fileURLToPath } from 'node:url';

const contract = fileURLToPath(new URL('./src/contract', import.meta.url));

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), precompress()],
  resolve: { alias: { '@contract': contract } },
  build: {
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
});
