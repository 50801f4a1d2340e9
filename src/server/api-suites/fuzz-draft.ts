// The valid-looking base of a fuzz request, drawn from an operation's schema and from hints (real values
// by field name: the batch parent's e-mail, child id, password, tokens that exist), so that a mutation
// of one thing still reaches the handler, not only the validator.
import { percentEncode } from './fuzz-encoding';
import type { JsonSchema, Operation, Parameter } from './openapi-operations';
import type { Prng } from './prng';

/** Valid values by property or parameter name; `$cookie` is a Cookie header a real browser would send. */
export type Hints = Record<string, (prng: Prng, note: (text: string) => void) => unknown>;

/** What drawing a value needs: the generator, the hints, and where hints note an odd pick. */
export interface Draw {
  prng: Prng;
  hints: Hints;
  notes: string[];
}

export type Body = Record<string, unknown>;

export const isBody = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  return schema.properties ? 'object' : undefined;
}

/** A value the schema accepts (or nearly: patterns are not followed unless a hint knows better). */
export function exampleOf(schema: JsonSchema, draw: Draw, name?: string): unknown {
  const { prng, hints, notes } = draw;
  const hint = name === undefined ? undefined : hints[name];
  if (hint) return hint(prng, (text) => notes.push(text));
  if (schema.enum && schema.enum.length > 0) return prng.pick(schema.enum);
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants && variants[0]) return exampleOf(variants[0], draw, name);
  switch (typeOf(schema)) {
    case 'string': {
      const length = Math.max(1, schema.minLength ?? 1);
      return 'a'.repeat(Math.min(length, schema.maxLength ?? length));
    }
    case 'integer':
    case 'number':
      return (schema.minimum ?? 0) + 1;
    case 'boolean':
      return true;
    case 'array':
      return schema.items ? [exampleOf(schema.items, draw)] : [];
    case 'object': {
      const body: Body = {};
      const required = new Set(schema.required ?? []);
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (required.has(key) || prng.chance(0.5)) body[key] = exampleOf(property, draw, key);
      }
      return body;
    }
    default:
      return 'a';
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

export interface Draft {
  method: string;
  path: Record<string, string>;
  /** Already encoded `name=value` pairs. */
  query: string[];
  headers: Record<string, string>;
  body: unknown;
  /** Set when the mutation wrote the payload itself. */
  payload?: string | Buffer;
  authed: boolean;
}

export type Mutation = (op: Operation, draft: Draft, prng: Prng) => void;

/** Headers under names a mutation chooses: `__proto__` among them is a header, not the prototype. */
function headerRecord(entries: [string, string][]): Record<string, string> {
  const headers = Object.create(null) as Record<string, string>;
  for (const [name, value] of entries) headers[name] = value;
  return headers;
}

export function baseDraft(op: Operation, draw: Draw): Draft {
  const { prng, hints } = draw;
  const path: Record<string, string> = {};
  const query: string[] = [];
  for (const p of op.parameters) {
    if (p.in === 'path') path[p.name] = percentEncode(text(exampleOf(p.schema, draw, p.name)));
    if (p.in !== 'query' || (!p.required && prng.chance(0.5))) continue;
    if (typeOf(p.schema) === 'object') {
      // A free-form query (the OAuth callbacks): a few parameters of the usual names.
      for (const name of ['code', 'state', 'device_id'])
        query.push(`${name}=${percentEncode(text(exampleOf({}, draw, name)))}`);
    } else {
      query.push(
        `${percentEncode(p.name)}=${percentEncode(text(exampleOf(p.schema, draw, p.name)))}`,
      );
    }
  }
  const cookie = hints.$cookie;
  return {
    method: op.method,
    path,
    query,
    headers: headerRecord(
      cookie && prng.chance(0.5) ? [['cookie', String(cookie(prng, () => undefined))]] : [],
    ),
    body: op.body ? exampleOf(op.body, draw) : undefined,
    // Mostly as the operation is meant to be called; the other way often enough to reach 401 and 409.
    authed: prng.chance(op.secured ? 0.7 : 0.25),
  };
}

/** The names a mutation may aim at: the schema's properties and what the base body holds. */
export function fieldNames(op: Operation, body: unknown): string[] {
  const names = new Set(Object.keys(op.body?.properties ?? {}));
  if (isBody(body)) for (const key of Object.keys(body)) names.add(key);
  return names.size > 0 ? [...names] : ['x'];
}

export const queryParams = (op: Operation): Parameter[] =>
  op.parameters.filter((p) => p.in === 'query');
export const queryName = (op: Operation, prng: Prng) => {
  const named = queryParams(op).filter((p) => typeOf(p.schema) !== 'object');
  return named.length > 0 ? prng.pick(named).name : prng.pick(['page', 'key', 'code', 'ref']);
};
