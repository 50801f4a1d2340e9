// Mutations that put the names every plain object inherits (`constructor`, `toString`, `__proto__`…) where
// a server turns a client's text into an object's key or looks a key up: query and body names (at the top
// and nested), header and cookie names and values, path parameters. A lookup that forgets the prototype
// finds a function where it expected a value; an assignment of `__proto__` replaces a prototype.
import { percentEncode } from './fuzz-encoding';
import { fieldNames, isBody, queryName, type Body, type Mutation } from './fuzz-draft';
import { oddString } from './fuzz-values';
import type { Prng } from './prng';

/** Object.prototype's own names, read from the platform so a new one is never missed. */
export const INHERITED_NAMES: readonly string[] = Object.getOwnPropertyNames(Object.prototype);

/** Past every length limit the API sets on a free-form value (the bank's callback takes 512). */
const PAST_LIMITS = 'x'.repeat(600);

/** Values that fail most validators, so the name ends up in an error's field list too. */
const BODY_VALUES: readonly unknown[] = [1, PAST_LIMITS, null, {}, [], '1', true];

/** A record whose keys stay keys: `__proto__` becomes an own entry, which JSON.stringify then writes. */
function record(entries: [string, unknown][]): Body {
  const out = Object.create(null) as Body;
  for (const [key, value] of entries) out[key] = value;
  return out;
}

const inherited = (prng: Prng) => prng.pick(INHERITED_NAMES);

/** `body` with `name: value` nested in one of its fields (inside its object, or its first element's). */
function nestedIn(body: Body, field: string, entry: [string, unknown]): Body {
  const current = body[field];
  let nested: unknown;
  if (isBody(current)) nested = record([...Object.entries(current), entry]);
  else if (Array.isArray(current) && isBody(current[0]))
    nested = [record([...Object.entries(current[0]), entry]), ...current.slice(1)];
  else nested = record([entry]);
  return record([...Object.entries(body), [field, nested]]);
}

export const INHERITED_BODY_MUTATIONS: Record<string, Mutation> = {
  'body-inherited-key': (_op, d, prng) => {
    const names = prng.chance(0.3) ? INHERITED_NAMES : [inherited(prng)];
    const value = prng.pick(BODY_VALUES);
    d.body = record([
      ...Object.entries(isBody(d.body) ? d.body : {}),
      ...names.map((name): [string, unknown] => [name, value]),
    ]);
  },
  'body-inherited-nested': (op, d, prng) => {
    const body = isBody(d.body) ? d.body : {};
    const entry: [string, unknown] = [
      inherited(prng),
      prng.chance(0.3)
        ? record([[inherited(prng), prng.pick(BODY_VALUES)]])
        : prng.pick(BODY_VALUES),
    ];
    d.body = nestedIn(body, prng.pick(fieldNames(op, d.body)), entry);
  },
  'body-inherited-value': (op, d, prng) => {
    d.body = record([
      ...Object.entries(isBody(d.body) ? d.body : {}),
      [prng.pick(fieldNames(op, d.body)), inherited(prng)],
    ]);
  },
};

export const INHERITED_QUERY_MUTATIONS: Record<string, Mutation> = {
  'query-inherited-key': (_op, d, prng) => {
    const names = prng.chance(0.3) ? INHERITED_NAMES : [inherited(prng)];
    const value = prng.pick([PAST_LIMITS, '1', '', oddString(prng)]);
    for (const name of names) d.query.push(`${percentEncode(name)}=${percentEncode(value)}`);
  },
  'query-inherited-value': (op, d, prng) => {
    const name = queryName(op, prng);
    d.query = d.query.filter((q) => !q.startsWith(`${percentEncode(name)}=`));
    d.query.push(`${percentEncode(name)}=${percentEncode(inherited(prng))}`);
  },
};

export const INHERITED_REQUEST_MUTATIONS: Record<string, Mutation> = {
  'header-inherited': (_op, d, prng) => {
    const name = inherited(prng);
    // Node lower-cases header names; `__proto__` and `tostring` are keys of request.headers all the same.
    const header = name.toLowerCase();
    if (prng.chance(0.5)) d.headers[header] = prng.pick(['1', name, PAST_LIMITS]);
    d.headers[
      prng.pick(['x-request-id', 'accept', 'accept-language', 'user-agent', 'origin', 'referer'])
    ] = name;
    if (prng.chance(0.5)) d.headers.authorization = `Bearer ${name}`;
  },
  'cookie-inherited': (_op, d, prng) => {
    const names = prng.chance(0.3) ? INHERITED_NAMES : [inherited(prng)];
    d.headers.cookie = names.map((name) => `${name}=${prng.pick(['1', name, '%'])}`).join('; ');
  },
};

export const INHERITED_PATH_MUTATIONS: Record<string, Mutation> = {
  'path-inherited': (_op, d, prng) => {
    for (const name of Object.keys(d.path)) d.path[name] = percentEncode(inherited(prng));
  },
};
