// Requests generated from an operation of the OpenAPI document: a valid-looking base (from the schema and
// a few real values — the batch parent's e-mail, child id, password — so handlers are reached, not only
// validators), then one mutation drawn by the seeded generator.
import {
  INVALID_UTF8,
  MULTIPART_BOUNDARY,
  formEncode,
  multipartEncode,
  percentEncode,
  sendableHeader,
} from './fuzz-encoding';
import {
  BAD_JSON,
  CONTENT_TYPES,
  ODD_AUTHORIZATION,
  ODD_STRINGS,
  oddString,
  RAW_NUMBERS,
  WRONG_TYPED,
  hugeString,
} from './fuzz-values';
import { fillPath, type JsonSchema, type Operation, type Parameter } from './openapi-operations';
import type { Prng } from './prng';

export interface FuzzRequest {
  /** Position in the run: with the seed, enough to replay it. */
  index: number;
  operation: string;
  mutation: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** To be sent with a valid bearer token of the batch's parent. */
  authed: boolean;
}

/** Valid values by property or parameter name; `$cookie` is a Cookie header a real browser would send. */
export type Hints = Record<string, (prng: Prng) => unknown>;

type Body = Record<string, unknown>;

const isBody = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  return schema.properties ? 'object' : undefined;
}

/** A value the schema accepts (or nearly: patterns are not followed unless a hint knows better). */
export function exampleOf(schema: JsonSchema, prng: Prng, hints: Hints, name?: string): unknown {
  const hint = name === undefined ? undefined : hints[name];
  if (hint) return hint(prng);
  if (schema.enum && schema.enum.length > 0) return prng.pick(schema.enum);
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants && variants[0]) return exampleOf(variants[0], prng, hints, name);
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
      return schema.items ? [exampleOf(schema.items, prng, hints)] : [];
    case 'object': {
      const body: Body = {};
      const required = new Set(schema.required ?? []);
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (required.has(key) || prng.chance(0.5))
          body[key] = exampleOf(property, prng, hints, key);
      }
      return body;
    }
    default:
      return 'a';
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

const QUERY_WRONG = ['abc', '-1', '0', '1.5', '1e309', '9'.repeat(30), '', '0x10', 'true', ' 1 '];
const QUERY_RAW = [
  '%',
  '%E0%A4%A',
  '%ED%A0%80',
  '%00',
  '%FF%FE',
  'a+b',
  '%C0%AE%C0%AE%2F',
  '..%2F..%2Fetc%2Fpasswd',
];
const PATH_RAW = [
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%',
  '%ZZ',
  '%00',
  '%ED%A0%80',
  '%C0%AE',
  '.',
  '..',
  'a%2Fb',
  ';a',
  'a;b=c',
  '~',
  '0',
  '-1',
  '1.5',
  'NaN',
  '1e309',
  '9'.repeat(400),
  'PERSONAL-DATA-CONSENT',
];
const EXTRA_FIELDS = [
  '"__proto__":{"role":"admin"}',
  '"constructor":{"prototype":{"role":"admin"}}',
  '"role":"admin"',
  '"user_id":1',
  '"userId":1',
  '"id":1',
  '"email_verified":true',
  '"password_hash":"x"',
  '"":""',
  '"\\u0000":1',
];
const WRONG_METHODS = ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'GET', 'POST'];
const ODD_COOKIES = [
  'usertoken=%; oauth_binding=%ZZ; ref=%00',
  '=;;;=',
  `ref=${'x'.repeat(5000)}`,
  'usertoken=' + 'A'.repeat(43),
  'ref=%ED%A0%80',
  'ref="quoted"; ref=second',
];

interface Draft {
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

function baseDraft(op: Operation, prng: Prng, hints: Hints): Draft {
  const path: Record<string, string> = {};
  const query: string[] = [];
  for (const p of op.parameters) {
    if (p.in === 'path')
      path[p.name] = percentEncode(text(exampleOf(p.schema, prng, hints, p.name)));
    if (p.in !== 'query' || (!p.required && prng.chance(0.5))) continue;
    if (typeOf(p.schema) === 'object') {
      // A free-form query (the OAuth callbacks): a few parameters of the usual names.
      for (const name of ['code', 'state', 'device_id'])
        query.push(`${name}=${percentEncode(text(exampleOf({}, prng, hints, name)))}`);
    } else {
      query.push(
        `${percentEncode(p.name)}=${percentEncode(text(exampleOf(p.schema, prng, hints, p.name)))}`,
      );
    }
  }
  const cookie = hints.$cookie;
  return {
    method: op.method,
    path,
    query,
    headers: cookie && prng.chance(0.5) ? { cookie: String(cookie(prng)) } : {},
    body: op.body ? exampleOf(op.body, prng, hints) : undefined,
    authed: prng.chance(0.5),
  };
}

/** The names a mutation may aim at: the schema's properties and what the base body holds. */
function fieldNames(op: Operation, body: unknown): string[] {
  const names = new Set(Object.keys(op.body?.properties ?? {}));
  if (isBody(body)) for (const key of Object.keys(body)) names.add(key);
  return names.size > 0 ? [...names] : ['x'];
}

const queryParams = (op: Operation): Parameter[] => op.parameters.filter((p) => p.in === 'query');
const queryName = (op: Operation, prng: Prng) => {
  const named = queryParams(op).filter((p) => typeOf(p.schema) !== 'object');
  return named.length > 0 ? prng.pick(named).name : prng.pick(['page', 'key', 'code', 'ref']);
};

/** A JSON text with one value replaced by raw text (numbers JSON.stringify cannot write, bad bytes). */
function withRaw(body: Body, key: string, raw: string): string {
  const marker = '__fuzz_raw__';
  return JSON.stringify({ ...body, [key]: marker }).replace(JSON.stringify(marker), raw);
}

type Mutation = (op: Operation, draft: Draft, prng: Prng) => void;

const BODY_MUTATIONS: Record<string, Mutation> = {
  valid: () => undefined,
  'field-wrong-type': (op, d, prng) => {
    d.body = {
      ...(isBody(d.body) ? d.body : {}),
      [prng.pick(fieldNames(op, d.body))]: prng.pick(WRONG_TYPED),
    };
  },
  'field-odd-string': (op, d, prng) => {
    d.body = {
      ...(isBody(d.body) ? d.body : {}),
      [prng.pick(fieldNames(op, d.body))]: oddString(prng),
    };
  },
  'field-huge': (op, d, prng) => {
    d.body = {
      ...(isBody(d.body) ? d.body : {}),
      [prng.pick(fieldNames(op, d.body))]: hugeString(prng.int(7)),
    };
  },
  'every-field-odd': (op, d, prng) => {
    const odd = oddString(prng);
    d.body = Object.fromEntries(fieldNames(op, d.body).map((name) => [name, odd]));
  },
  'field-missing': (op, d, prng) => {
    if (!isBody(d.body)) return;
    const body = { ...d.body };
    const required = op.body?.required ?? [];
    delete body[prng.pick(required.length > 0 ? required : fieldNames(op, body))];
    d.body = body;
  },
  'empty-object': (_op, d) => {
    d.body = {};
  },
  'extra-fields': (_op, d, prng) => {
    const json = JSON.stringify(isBody(d.body) ? d.body : {});
    const extra = prng.chance(0.2)
      ? Array.from({ length: 200 }, (_, i) => `"extra_${i}":"${'x'.repeat(i)}"`).join(',')
      : prng.pick(EXTRA_FIELDS);
    d.payload = json === '{}' ? `{${extra}}` : `{${extra},${json.slice(1)}`;
  },
  'raw-number': (op, d, prng) => {
    const numeric = Object.entries(op.body?.properties ?? {})
      .filter(([, s]) => ['integer', 'number'].includes(typeOf(s) ?? ''))
      .map(([name]) => name);
    const key =
      numeric.length > 0 && prng.chance(0.7)
        ? prng.pick(numeric)
        : prng.pick(fieldNames(op, d.body));
    d.payload = withRaw(isBody(d.body) ? d.body : {}, key, prng.pick(RAW_NUMBERS));
  },
  'duplicate-key': (op, d, prng) => {
    const json = JSON.stringify(isBody(d.body) ? d.body : {});
    const key = prng.pick(fieldNames(op, d.body));
    const again = `${JSON.stringify(key)}:${JSON.stringify(prng.pick(WRONG_TYPED))}`;
    d.payload = json === '{}' ? `{${again}}` : `${json.slice(0, -1)},${again}}`;
  },
  'invalid-utf8': (op, d, prng) => {
    const key = prng.pick(fieldNames(op, d.body));
    const [before = '', after = ''] = withRaw(isBody(d.body) ? d.body : {}, key, '"\u0001"').split(
      '\u0001',
    );
    d.payload = Buffer.concat([Buffer.from(before), INVALID_UTF8, Buffer.from(after)]);
    d.headers['content-type'] = 'application/json';
  },
  'top-level': (_op, d, prng) => {
    d.payload = prng.pick([
      '[]',
      '"text"',
      '123',
      'null',
      'true',
      '[{}]',
      `[${JSON.stringify(d.body)}]`,
    ]);
  },
  'bad-json': (_op, d, prng) => {
    d.payload = prng.pick(BAD_JSON);
  },
  'content-type': (_op, d, prng) => {
    const type = prng.pick(CONTENT_TYPES);
    const body = isBody(d.body) ? d.body : {};
    d.headers['content-type'] = type;
    if (type.startsWith('multipart/')) d.payload = multipartEncode(body);
    else if (type.includes('urlencoded')) d.payload = formEncode(body);
    else d.payload = prng.chance(0.5) ? JSON.stringify(body) : formEncode(body);
  },
  'no-body': (_op, d, prng) => {
    d.body = undefined;
    if (prng.chance(0.5)) {
      d.payload = '';
      d.headers['content-type'] = 'application/json';
    }
  },
};

const REQUEST_MUTATIONS: Record<string, Mutation> = {
  'query-array': (op, d, prng) => {
    const name = percentEncode(queryName(op, prng));
    d.query.push(`${name}=1`, `${name}=2`, `${name}=${percentEncode(oddString(prng))}`);
  },
  'query-nested': (op, d, prng) => {
    const name = percentEncode(queryName(op, prng));
    d.query.push(
      prng.pick([
        `${name}[b]=1`,
        `${name}[]=1`,
        `${name}[__proto__][x]=1`,
        `a[b][c]=1`,
        `${name}.b=1`,
      ]),
    );
  },
  'query-odd': (op, d, prng) => {
    const name = queryName(op, prng);
    d.query = d.query.filter((q) => !q.startsWith(`${percentEncode(name)}=`));
    d.query.push(`${percentEncode(name)}=${percentEncode(oddString(prng))}`);
  },
  'every-query-odd': (op, d, prng) => {
    const odd = percentEncode(oddString(prng));
    const names = queryParams(op).filter((p) => typeOf(p.schema) !== 'object');
    d.query = (names.length > 0 ? names.map((p) => p.name) : ['code', 'state', 'ref', 'to']).map(
      (name) => `${percentEncode(name)}=${odd}`,
    );
  },
  'query-wrong-type': (op, d, prng) => {
    const name = queryName(op, prng);
    d.query = d.query.filter((q) => !q.startsWith(`${percentEncode(name)}=`));
    d.query.push(`${percentEncode(name)}=${percentEncode(prng.pick(QUERY_WRONG))}`);
  },
  'query-raw': (op, d, prng) => {
    d.query.push(
      prng.pick([
        `${queryName(op, prng)}=${prng.pick(QUERY_RAW)}`,
        '&&&=&',
        queryName(op, prng),
        '=x',
        '%FF=1',
      ]),
    );
  },
  'query-huge': (op, d, prng) => {
    d.query.push(`${percentEncode(queryName(op, prng))}=${percentEncode(hugeString(prng.int(7)))}`);
  },
  'wrong-method': (_op, d, prng) => {
    d.method = prng.pick(WRONG_METHODS.filter((m) => m !== d.method));
  },
  'auth-odd': (_op, d, prng) => {
    d.headers.authorization = prng.pick(ODD_AUTHORIZATION);
    d.authed = false;
  },
  'cookie-odd': (_op, d, prng) => {
    d.headers.cookie = prng.chance(0.5)
      ? prng.pick(ODD_COOKIES)
      : `${prng.pick(['ref', 'usertoken', 'oauth_binding'])}=${percentEncode(oddString(prng))}`;
  },
  'odd-headers': (_op, d, prng) => {
    const odd = prng.pick(ODD_STRINGS.filter(sendableHeader));
    d.headers[
      prng.pick([
        'x-request-id',
        'x-forwarded-for',
        'x-forwarded-proto',
        'accept',
        'accept-encoding',
        'user-agent',
        'origin',
        'referer',
      ])
    ] = odd;
  },
};

const PATH_MUTATIONS: Record<string, Mutation> = {
  'path-odd': (_op, d, prng) => {
    for (const name of Object.keys(d.path)) d.path[name] = percentEncode(oddString(prng)) || 'x';
  },
  'path-raw': (_op, d, prng) => {
    for (const name of Object.keys(d.path)) d.path[name] = prng.pick(PATH_RAW);
  },
  'path-huge': (_op, d, prng) => {
    for (const name of Object.keys(d.path))
      d.path[name] = prng.chance(0.5) ? 'a'.repeat(101) : percentEncode(hugeString(prng.int(7)));
  },
};

const GET_MUTATIONS: Record<string, Mutation> = {
  'get-with-body': (_op, d, prng) => {
    d.headers['content-type'] = 'application/json';
    d.payload = prng.pick(['{"a":1}', '{', `{"x":"${'y'.repeat(1000)}"}`]);
  },
};

/** The mutations that make sense for an operation, body ones weighted up where there is a body. */
function mutationsFor(op: Operation): [string, Mutation][] {
  const pool: [string, Mutation][] = Object.entries(REQUEST_MUTATIONS);
  if (op.body) {
    const body = Object.entries(BODY_MUTATIONS);
    pool.push(...body, ...body);
  } else if (op.method === 'GET') {
    pool.push(...Object.entries(GET_MUTATIONS));
  }
  if (queryParams(op).length > 0)
    pool.push(...Object.entries(REQUEST_MUTATIONS).filter(([n]) => n.startsWith('query-')));
  if (op.parameters.some((p) => p.in === 'path')) {
    const path = Object.entries(PATH_MUTATIONS);
    pool.push(...path, ...path, ...path);
  }
  return pool;
}

export function generateRequest(
  op: Operation,
  prng: Prng,
  hints: Hints,
  index: number,
): FuzzRequest {
  const draft = baseDraft(op, prng, hints);
  const [mutation, mutate] = prng.pick(mutationsFor(op));
  mutate(op, draft, prng);

  let payload = draft.payload;
  if (payload === undefined && draft.body !== undefined) {
    payload = JSON.stringify(draft.body);
    draft.headers['content-type'] ??= 'application/json';
  } else if (payload !== undefined && typeof payload === 'string') {
    draft.headers['content-type'] ??= 'application/json';
  }
  const query = draft.query.length > 0 ? `?${draft.query.join('&')}` : '';
  return {
    index,
    operation: op.key,
    mutation,
    method: draft.method,
    url: fillPath(op.path, draft.path) + query,
    headers: draft.headers,
    ...(payload === undefined ? {} : { payload }),
    authed: draft.authed,
  };
}
