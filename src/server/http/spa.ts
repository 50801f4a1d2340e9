// The built SPA: hashed assets cached for a year, index.html never cached, index.html for every GET
// that is not an API or sandbox path (history mode).
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../plugins/errors';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

const NOT_SPA = ['/api/', '/sandbox/', '/assets/'];

/**
 * What a client that called something we do not have shows a parent (a link from an old letter, a screen
 * ahead of its server): a plain sentence with what to do next — no method, no path, no «API».
 */
export const UNKNOWN_API_CALL =
  'Этого действия на сайте пока нет. Обновите страницу, а если не поможет — напишите в поддержку.';
export const PAGE_NOT_FOUND = 'Такой страницы нет. Проверьте адрес или начните с главной.';

const isAdminPath = (path: string) => path === '/admin' || path.startsWith('/admin/');

function isSpaPath(path: string): boolean {
  if (path === '/api' || path === '/sandbox') return false;
  return !NOT_SPA.some((prefix) => path.startsWith(prefix));
}

export async function registerSpa(app: FastifyInstance, webDir: string): Promise<void> {
  const hasIndex = existsSync(join(webDir, 'index.html'));
  const hasAdmin = existsSync(join(webDir, 'admin', 'index.html'));
  if (existsSync(webDir)) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      index: ['index.html'],
      // The build writes .br and .gz twins at the highest settings (scripts/precompress-plugin.ts).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const rel = relative(webDir, filePath);
        // Vite puts a content hash in every file name under assets/, so a name never changes meaning.
        if (rel.startsWith(`assets${sep}`)) reply.header('cache-control', IMMUTABLE);
        else if (rel.endsWith('index.html')) reply.header('cache-control', NO_CACHE);
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (read && hasIndex && isSpaPath(path)) {
      // The back office is an app of its own, with its own page.
      const page = isAdminPath(path) && hasAdmin ? 'admin/index.html' : 'index.html';
      return reply.header('cache-control', NO_CACHE).sendFile(page);
    }
    const detail = path.startsWith('/api')
      ? UNKNOWN_API_CALL
      : hasIndex || !read
        ? PAGE_NOT_FOUND
        : 'Интерфейс не собран: выполните npm run build';
    // The parent reads the message; the method and path go to the log (the request line has them at info).
    request.log.debug({ method: request.method, path }, 'no route');
    return reply.status(404).send(errorBody(404, detail));
  });
}
