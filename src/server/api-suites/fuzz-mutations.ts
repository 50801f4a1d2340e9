// The mutations of a fuzz request, in groups (body, query, path, the request itself): each changes one
// thing of a valid-looking base, the way clients, scripts and attackers get requests wrong.
import {
  INVALID_UTF8,
  formEncode,
  multipartEncode,
  percentEncode,
  sendableHeader,
} from './fuzz-encoding';
import {
  fieldNames,
  isBody,
  queryName,
  queryParams,
  typeOf,
  type Body,
  type Mutation,
} from './fuzz-draft';
import {
  INHERITED_BODY_MUTATIONS,
  INHERITED_PATH_MUTATIONS,
  INHERITED_QUERY_MUTATIONS,
  INHERITED_REQUEST_MUTATIONS,
} from './fuzz-inherited';
import {
  BAD_JSON,
  CONTENT_TYPES,
  ODD_AUTHORIZATION,
  ODD_STRINGS,
  RAW_NUMBERS,
  WRONG_TYPED,
  hugeString,
  oddString,
} from './fuzz-values';
import type { Operation } from './openapi-operations';

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

/** A JSON text with one value replaced by raw text (numbers JSON.stringify cannot write, bad bytes). */
function withRaw(body: Body, key: string, raw: string): string {
  const marker = '__fuzz_raw__';
  return JSON.stringify({ ...body, [key]: marker }).replace(JSON.stringify(marker), raw);
}

export type { Mutation } from './fuzz-draft';

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
    const required = op.body?.required ?? [];
    const gone = prng.pick(required.length > 0 ? required : fieldNames(op, d.body));
    d.body = Object.fromEntries(Object.entries(d.body).filter(([key]) => key !== gone));
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
  ...INHERITED_BODY_MUTATIONS,
};

const QUERY_MUTATIONS: Record<string, Mutation> = {
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
  'query-odd-name': (_op, d, prng) => {
    d.query.push(`${percentEncode(oddString(prng)) || '%00'}=1`);
  },
  'query-many': (op, d, prng) => {
    const name = percentEncode(prng.chance(0.5) ? queryName(op, prng) : 'p');
    for (let i = 0; i < 2000; i += 1) d.query.push(`${name}${prng.chance(0.5) ? i : ''}=${i}`);
  },
  'query-huge': (op, d, prng) => {
    d.query.push(`${percentEncode(queryName(op, prng))}=${percentEncode(hugeString(prng.int(7)))}`);
  },
  ...INHERITED_QUERY_MUTATIONS,
};

const REQUEST_MUTATIONS: Record<string, Mutation> = {
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
  ...INHERITED_REQUEST_MUTATIONS,
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
  ...INHERITED_PATH_MUTATIONS,
};

const GET_MUTATIONS: Record<string, Mutation> = {
  'get-with-body': (_op, d, prng) => {
    d.headers['content-type'] = 'application/json';
    d.payload = prng.pick(['{"a":1}', '{', `{"x":"${'y'.repeat(1000)}"}`]);
  },
};

/**
 * The groups of mutations that make sense for an operation, one group drawn first: so the body's many
 * mutations do not crowd out the query's, and an operation's own parameters get more than others'.
 */
export function mutationGroups(op: Operation): Record<string, Mutation>[] {
  const groups = [
    op.method === 'GET' && !op.body
      ? { ...REQUEST_MUTATIONS, ...GET_MUTATIONS }
      : REQUEST_MUTATIONS,
    QUERY_MUTATIONS,
  ];
  if (queryParams(op).length > 0) groups.push(QUERY_MUTATIONS);
  if (op.body) groups.push(BODY_MUTATIONS, BODY_MUTATIONS);
  if (op.parameters.some((p) => p.in === 'path')) groups.push(PATH_MUTATIONS, PATH_MUTATIONS);
  return groups;
}
