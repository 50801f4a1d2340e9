// Test helper: an editor renames a page through the back office, as the admin screen does.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer } from './accounts';

interface AdminPage {
  id: number;
  slug: string;
  title: string;
  body_html: string;
  version: string;
}

export async function retitlePage(
  via: FastifyInstance,
  editorToken: string,
  slug: string,
  title: string,
): Promise<void> {
  const list = await via.inject({ url: '/api/admin/pages', headers: bearer(editorToken) });
  const page = list.json<{ data: AdminPage[] }>().data.find((p) => p.slug === slug);
  if (!page) throw new Error(`no page ${slug}`);
  const res = await via.inject({
    method: 'PUT',
    url: `/api/admin/pages/${page.id}`,
    headers: bearer(editorToken),
    payload: { title, body_html: page.body_html, version: page.version },
  });
  expect(res.statusCode, res.body).toBe(200);
}
