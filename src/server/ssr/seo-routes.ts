// robots.txt and sitemap.xml: what crawlers may read, and the public pages they should.
import type { FastifyInstance } from 'fastify';
import { AGE_GROUP_SLUGS } from '@contract/api/catalog';
import { escapeHtml } from './page-template';
import { SHELL_ONLY } from './page-renderer';

/** The server-rendered public pages, each at its one address. */
export const SITEMAP_PATHS = [
  '/',
  ...AGE_GROUP_SLUGS.map((slug) => `/programs/main-program/${slug}`),
  '/programs/additional-program',
  '/about/index',
  '/about/team',
  '/about/vacancy',
  '/about/contacts',
  '/faq',
  '/documents/confidentiality-policy',
  '/documents/license-agreement',
];

/** Private areas, the API and the sandboxes: nothing there is for a search engine. */
const DISALLOW = [...SHELL_ONLY, '/admin', '/api/', '/sandbox/'];

export function seoRoutes(publicUrl: string) {
  return async (app: FastifyInstance) => {
    const robots = [
      'User-agent: *',
      ...DISALLOW.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
    const sitemap = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...SITEMAP_PATHS.map(
        (path) => `  <url><loc>${escapeHtml(`${publicUrl}${path}`)}</loc></url>`,
      ),
      '</urlset>',
      '',
    ].join('\n');
    const cached = 'public, max-age=3600';

    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', cached).send(robots),
    );
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('application/xml; charset=utf-8').header('cache-control', cached).send(sitemap),
    );
  };
}
