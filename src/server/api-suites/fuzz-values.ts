// The hostile values the fuzz draws from: what browsers, scripts and attackers actually send, not random
// bytes — each one has broken a parser, a regular expression, a driver or a query somewhere.

import { MULTIPART_BOUNDARY } from './fuzz-encoding';
import type { Prng } from './prng';

export const HUGE_LENGTH = 100 * 1024;

/** Strings that are odd to some layer: the database, JSON, Unicode handling, HTML, paths, SQL. */
export const ODD_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\ud83d',
  '\u200f\u202eабв\u202c',
  '\u200b\u200d\ufeff',
  '👨‍👩‍👧‍👦🦄',
  'Ё'.repeat(60),
  "'; drop table users; --",
  '" or "1"="1',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%',
  '%E0%A4%A',
  '%2e%2e%2f',
  '${7*7}{{7*7}}',
  '\r\nX-Injected: 1',
  '\t\n\v\f\r',
  'null',
  'undefined',
  'true',
  'NaN',
  '-1',
  '0',
  '1e309',
  '9'.repeat(400),
  '0x7fffffff',
  '2021-02-30',
  '9999-99-99',
  '+79991234567'.repeat(5),
  'a@b',
  'x@example.ru\u0000',
  'Маша',
  'O’Neil',
  '__proto__',
  'constructor',
  'A'.repeat(1000),
];

/** The ones that most often get through validation and break a layer below (drivers, text columns). */
const NASTIEST: readonly string[] = [
  '\u0000',
  'a\u0000b',
  'x@example.ru\u0000',
  '\ud800',
  'x\udc00y',
];

/** An odd string, the nastiest ones drawn more often than their share. */
export function oddString(prng: Prng): string {
  return prng.pick(prng.chance(0.35) ? NASTIEST : ODD_STRINGS);
}

/** A 100 KB string of one of a few kinds (ASCII, Cyrillic, emoji, NUL, digits). */
export function hugeString(kind: number): string {
  const kinds = ['a', 'я', '😀', '\u0000', '9', 'a ', '<'];
  const unit = kinds[kind % kinds.length] ?? 'a';
  return unit.repeat(Math.ceil(HUGE_LENGTH / unit.length));
}

/** Values of every JSON type but the expected one, and the in-between ones. */
export const WRONG_TYPED: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2147483648,
  Number.MAX_SAFE_INTEGER,
  '',
  '1',
  'abc',
  [],
  [1, 2],
  ['a'],
  {},
  { a: 1 },
  { $gt: '' },
  [[[[[]]]]],
];

/** Numbers as raw JSON text: some have no JavaScript value (JSON.parse makes them Infinity or rounds). */
export const RAW_NUMBERS: readonly string[] = [
  '-1',
  '0',
  '-0',
  '1.5',
  '1e3',
  '1E-7',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1e309',
  '-1e309',
  '1' + '0'.repeat(400),
  '0.' + '0'.repeat(400) + '1',
  '"1"',
  '"NaN"',
  '"Infinity"',
  '"0x10"',
  '"1e3"',
  '" 1"',
  '[1]',
];

/** Bodies that are not JSON, or JSON that parsers handle differently. */
export const BAD_JSON: readonly string[] = [
  '',
  '{',
  '}',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}garbage',
  '{"a":1}{"a":2}',
  'NaN',
  'undefined',
  '\u0000',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":' + '['.repeat(5000) + ']'.repeat(5000) + '}',
  '['.repeat(20000),
  '{"a":"' + 'x'.repeat(HUGE_LENGTH) + '"',
  '  \n\t ',
  '"just a string"',
  '123',
  'null',
  'true',
  '[]',
];

/** Content types a JSON API may receive by mistake or by probing. */
export const CONTENT_TYPES: readonly string[] = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`,
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'application/octet-stream',
  'application/json, text/plain',
  ';;;',
  'application/' + 'x'.repeat(2000),
  'APPLICATION/JSON',
];

/** Authorization headers that are not a plain valid bearer token. */
export const ODD_AUTHORIZATION: readonly string[] = [
  'Bearer',
  'Bearer ',
  'Bearer a b',
  'Basic dXNlcjpwYXNz',
  'Bearer ' + 'A'.repeat(43),
  'Bearer ' + 'x'.repeat(10_000),
  'Bearer \u00e9' + 'a'.repeat(42),
  'bearer ' + '-'.repeat(43),
  'Bearer null',
  'Bearer undefined',
  "Bearer ' or 1=1 --",
  'Token abc',
];
