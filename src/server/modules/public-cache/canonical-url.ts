// Which spelling of a public URL the repeat path may remember. A route answers `/api/regions?x=1`,
// `/api/page/%66aq` and `/api/store/web/gifts?page=01` like their plain forms, so remembering every URL as
// it came would let anyone fill the bounded list of remembered URLs with spellings of their own and push
// the school's real ones out. Only the one spelling the route itself would write is remembered: its path
// with the parameters it read, and only the query parameters its schema declares, each written once, in
// the schema's order, as the schema read it. Every other spelling still gets its answer, through Fastify.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** The query parameters the route's schema declares, in its order; none without a schema. */
function declaredQueryKeys(schema: unknown): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/** The URL as the route would write it for what it has read from this request, or null when unsure. */
export function canonicalUrl(request: FastifyRequest): string | null {
  const pattern = request.routeOptions.url;
  if (pattern === undefined || pattern.includes('*')) return null;
  const params = (request.params ?? {}) as Record<string, unknown>;
  let unsure = false;
  const path = pattern.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = params[name];
    if (typeof value !== 'string') unsure = true;
    return encodeURIComponent(String(value));
  });
  // A parameter with its own pattern (`:id(\\d+)`) or anything else the plain form cannot say.
  if (unsure || /[()]/.test(path)) return null;

  const at = request.url.indexOf('?');
  const sent = new URLSearchParams(at === -1 ? '' : request.url.slice(at + 1));
  const read = (request.query ?? {}) as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of declaredQueryKeys(request.routeOptions.schema?.querystring)) {
    if (!sent.has(key)) continue;
    const value = read[key];
    if (!['string', 'number', 'boolean'].includes(typeof value)) return null;
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  return parts.length === 0 ? path : `${path}?${parts.join('&')}`;
}

/** Whether this request's URL is written exactly as the route would write it (see above). */
export function isCanonicalUrl(request: FastifyRequest): boolean {
  return canonicalUrl(request) === request.url;
}
