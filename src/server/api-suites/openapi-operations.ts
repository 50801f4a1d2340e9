// The operations of the app's own OpenAPI document (/api/docs/json), which both suites walk: a route
// registered with a schema appears there by itself, so neither suite can quietly miss a new one.
import type { FastifyInstance } from 'fastify';

/** The part of JSON Schema (as @fastify/swagger writes it) the suites read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** `GET /api/page/{slug}`: the key of the suites' tables. */
  key: string;
  method: string;
  /** As the document writes it, with `{name}` placeholders. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body: JsonSchema | undefined;
  bodyRequired: boolean;
  /** The document says a bearer token is wanted. */
  secured: boolean;
}

/**
 * HEAD is left out: Fastify's automatic HEAD twins run the GET handler, and the data-changing GETs are
 * declared without one; what a HEAD does is the GET's business.
 */
const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'options'] as const;

export const operationKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readParameters(value: unknown): Parameter[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((p) => ({
    name: String(p.name),
    in: p.in as Parameter['in'],
    required: p.required === true,
    schema: (isRecord(p.schema) ? p.schema : {}) as JsonSchema,
  }));
}

function readBody(value: unknown): { body: JsonSchema | undefined; required: boolean } {
  if (!isRecord(value) || !isRecord(value.content)) return { body: undefined, required: false };
  const json = value.content['application/json'];
  const schema = isRecord(json) && isRecord(json.schema) ? (json.schema as JsonSchema) : {};
  return { body: schema, required: value.required === true };
}

/** Every operation of the app's document, HEAD excepted, in the document's order. */
export async function readOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}`);
  const doc: unknown = res.json();
  if (!isRecord(doc) || !isRecord(doc.paths)) throw new Error('the document has no paths');
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!isRecord(item)) continue;
    const shared = readParameters(item.parameters);
    for (const method of METHODS) {
      const op = item[method];
      if (!isRecord(op)) continue;
      const { body, required } = readBody(op.requestBody);
      operations.push({
        key: operationKey(method, path),
        method: method.toUpperCase(),
        path,
        parameters: [...shared, ...readParameters(op.parameters)],
        body,
        bodyRequired: required,
        secured: Array.isArray(op.security) && op.security.length > 0,
      });
    }
  }
  return operations;
}

/** The document's path with its `{name}` placeholders filled (values are sent as given: fuzz decides). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for the path parameter ${name} of ${path}`);
    return value;
  });
}

export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');
