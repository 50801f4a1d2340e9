// OpenAPI generated from the zod route schemas: JSON at /api/docs/json, the UI at /api/docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Школа Умняшек API',
        description:
          'Ответы: `{data}`, списки с `meta`; ошибки: `{message, errors: {поле: [текст]}}` (ARCHITECTURE §4).',
        version: '1.0.0',
      },
      // No servers entry: "Try it out" then calls the origin the page was opened from.
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The validator badge would call validator.swagger.io: outside our CSP and our network.
    uiConfig: { validatorUrl: null, deepLinking: true },
  });
}
