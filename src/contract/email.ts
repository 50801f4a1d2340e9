// The one rule for e-mail addresses, shared by the server and the web. An address is stored with its
// domain in punycode (оля@почта.рф → оля@xn--80a1acny.xn--p1ai), so the account is the same whichever way
// the parent types it, and mail goes to a domain every relay understands; it is shown back with the domain
// in Cyrillic. A non-ASCII local part (оля@…) is kept as typed: it has no ASCII form, and mail to it needs
// SMTPUTF8 (RFC 6531), which nodemailer uses when the relay offers it. Imports nothing: the browser's
// modals use it too, and the WHATWG URL API does the IDNA mapping in both places.

export const EMAIL_MAX_LENGTH = 254;
const LOCAL_MAX_BYTES = 64;
const DOMAIN_MAX_LENGTH = 253;

export const EMAIL_MESSAGES = {
  required: 'Введите адрес электронной почты',
  tooLong: 'Слишком длинный адрес электронной почты',
  invalid: 'Введите адрес электронной почты в виде name@example.ru',
} as const;

// What a domain may be typed with before the IDNA mapping: letters of any script, digits, hyphens and dots
// (the ideographic and full-width dots too, which the mapping turns into «.»). Anything else — «/», «?»,
// «#», «:», «@» — would make the URL parser read a different host than the one typed.
const TYPED_DOMAIN = /^[\p{L}\p{M}\p{N}.\-\u3002\uff0e\uff61]+$/u;
const DOTS = /[.\u3002\uff0e\uff61]/;
const ASCII_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const ASCII_TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
// The characters the school has always taken before «@» (those of zod's e-mail check), plus letters,
// marks and digits of any script for Cyrillic mailboxes.
const LOCAL_PART = /^[\p{L}\p{M}\p{N}_'+\-.]+$/u;

/** The domain in ASCII (punycode labels, lower case), or null when it is not a domain name. */
export function domainToAscii(domain: string): string | null {
  if (domain === '' || !TYPED_DOMAIN.test(domain)) return null;
  // The URL parser lets a label begin or end with a hyphen once encoded (xn---…); IDNA does not.
  if (domain.split(DOTS).some((label) => label.startsWith('-') || label.endsWith('-'))) return null;
  let host: string;
  try {
    host = new URL(`http://${domain}/`).hostname;
  } catch {
    return null;
  }
  if (host.length > DOMAIN_MAX_LENGTH) return null;
  const labels = host.split('.');
  const tld = labels[labels.length - 1] ?? '';
  if (labels.length < 2 || !ASCII_TLD.test(tld)) return null;
  return labels.every((label) => ASCII_LABEL.test(label)) ? host : null;
}

/** The domain with its punycode labels decoded; a label that does not decode cleanly stays as it is. */
export function domainToUnicode(domain: string): string {
  return domain
    .split('.')
    .map((label) => {
      if (!/^xn--/i.test(label)) return label;
      const decoded = decodePunycode(label.slice(4).toLowerCase());
      // Only a label that encodes back to itself is shown decoded: nothing is shown that the stored
      // address is not.
      return decoded !== null && domainToAscii(`${decoded}.ru`) === `${label.toLowerCase()}.ru`
        ? decoded
        : label;
    })
    .join('.');
}

/**
 * The stored form of what the parent typed: trimmed, NFC, lower case, the domain in punycode. Null when
 * it is not an address; a string the stored form of which is too long is returned for `emailProblem`.
 */
export function normalizeEmail(input: string): string | null {
  const typed = input.trim().normalize('NFC').toLowerCase();
  const at = typed.lastIndexOf('@');
  if (at <= 0) return null;
  const domain = domainToAscii(typed.slice(at + 1));
  return domain === null ? null : `${typed.slice(0, at)}@${domain}`;
}

/** Why an address in its stored form is not one the school takes, or null when it is. */
export function storedEmailProblem(address: string): string | null {
  if (address.length > EMAIL_MAX_LENGTH) return EMAIL_MESSAGES.tooLong;
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (
    at <= 0 ||
    !LOCAL_PART.test(local) ||
    local.startsWith('.') ||
    local.endsWith('.') ||
    local.includes('..') ||
    domainToAscii(domain) !== domain
  ) {
    return EMAIL_MESSAGES.invalid;
  }
  if (new TextEncoder().encode(local).length > LOCAL_MAX_BYTES) return EMAIL_MESSAGES.tooLong;
  return null;
}

/** An address in the form the school stores and mails to. */
export function isStoredEmail(address: string): boolean {
  return normalizeEmail(address) === address && storedEmailProblem(address) === null;
}

/** The stored address as the parent would write it: оля@xn--80a1acny.xn--p1ai → оля@почта.рф. */
export function displayEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  return `${address.slice(0, at)}@${domainToUnicode(address.slice(at + 1))}`;
}

// RFC 3492 decoding, for display only. Node's `punycode` module is deprecated and the browser's URL API
// only encodes; this is the whole of what a display needs, a few hundred bytes.
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;
const MAX_INT = 0x7fffffff;

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

function digitOf(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x16; // 0–9 → 26–35
  if (code >= 0x61 && code <= 0x7a) return code - 0x61; // a–z → 0–25
  return BASE;
}

/** The code points a punycode string (without «xn--») stands for, or null when it is malformed. */
export function decodePunycode(input: string): string | null {
  const output: number[] = [];
  const delimiter = Math.max(input.lastIndexOf('-'), 0);
  for (let j = 0; j < delimiter; j += 1) {
    const code = input.charCodeAt(j);
    if (code >= 0x80) return null;
    output.push(code);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  let index = delimiter > 0 ? delimiter + 1 : 0;
  while (index < input.length) {
    const before = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      if (index >= input.length) return null;
      const digit = digitOf(input.charCodeAt(index));
      index += 1;
      if (digit >= BASE || digit > Math.floor((MAX_INT - i) / w)) return null;
      i += digit * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      if (w > Math.floor(MAX_INT / (BASE - t))) return null;
      w *= BASE - t;
    }
    const length = output.length + 1;
    bias = adapt(i - before, length, before === 0);
    n += Math.floor(i / length);
    if (n > 0x10ffff) return null;
    i %= length;
    output.splice(i, 0, n);
    i += 1;
  }
  return String.fromCodePoint(...output);
}
