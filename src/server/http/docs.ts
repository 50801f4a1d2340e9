// OpenAPI generated from the zod route schemas: JSON at /api/docs/json, the UI at /api/docs — outside
// production only. On the real site the map of every call helps an attacker more than a parent, and the
// UI's "Try it out" would be one more page to keep safe.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config';

export const DOCS_PREFIX = '/api/docs';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A query read leniently (a zod record or loose object with nothing declared) has no `properties`, and
 * @fastify/swagger then turns the schema's own keywords (`type`, `additionalProperties`) into parameters
 * — an invalid document. OpenAPI's way to say "any parameters" is one object parameter with style form
 * and explode, which is what it becomes here.
 */
function freeFormQuery(query: unknown): JsonObject | null {
  if (!isObject(query) || query.type !== 'object' || 'properties' in query) return null;
  if (query.additionalProperties === false) return null;
  return {
    type: 'object',
    style: 'form',
    explode: true,
    properties: {
      params: {
        type: 'object',
        additionalProperties: isObject(query.additionalProperties)
          ? query.additionalProperties
          : {},
        description: 'Любые параметры строки запроса: лишние не мешают',
      },
    },
  };
}

const transform: typeof jsonSchemaTransform = (document) => {
  const result = jsonSchemaTransform(document);
  // Routes without a schema (none in the school, but tests add them) have nothing to rewrite.
  const given: FastifySchema | undefined = result.schema;
  const query = given ? freeFormQuery(given.querystring) : null;
  if (!query) return result;
  const schema: FastifySchema = { ...result.schema, querystring: query };
  return { ...result, schema };
};

export async function registerApiDocs(
  app: FastifyInstance,
  config: Pick<Config, 'production'>,
): Promise<void> {
  if (config.production) return;
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Школа Умняшек API',
        description:
          'Ответы: `{data}`, списки с `meta`; ошибки: `{code, message, errors: {поле: [текст]}}` ' +
          '(docs/ARCHITECTURE.md).',
        version: '1.0.0',
      },
      // No servers entry: "Try it out" then calls the origin the page was opened from.
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The validator badge would call validator.swagger.io: outside our CSP and our network.
    uiConfig: { validatorUrl: null, deepLinking: true },
  });
}
