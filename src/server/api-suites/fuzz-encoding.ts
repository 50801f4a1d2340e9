// Encodings the fuzz needs that the platform refuses to produce: encodeURIComponent throws on a lone
// surrogate, yet a client can send its bytes anyway — and a server must survive them.

const hex = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/**
 * Percent-encodes like encodeURIComponent, except that a lone surrogate becomes its WTF-8 bytes
 * (%ED%A0%80 for \ud800): invalid UTF-8 that no decoder should accept quietly.
 */
export function percentEncode(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map(hex)
        .join('');
    } else {
      out += encodeURIComponent(value.charAt(i));
    }
  }
  return out;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A body as a browser's form would send it. */
export function formEncode(body: Record<string, unknown>): string {
  return Object.entries(body)
    .map(([key, value]) => `${percentEncode(key)}=${percentEncode(asText(value) ?? '')}`)
    .join('&');
}

export const MULTIPART_BOUNDARY = '----fuzz';

/** A body as multipart/form-data with the boundary of MULTIPART_BOUNDARY. */
export function multipartEncode(body: Record<string, unknown>): string {
  const parts = Object.entries(body).map(
    ([key, value]) =>
      `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${asText(value)}\r\n`,
  );
  return `${parts.join('')}--${MULTIPART_BOUNDARY}--\r\n`;
}

/** Header values Node would refuse to send (control characters, code points past Latin-1) are dropped. */
export const sendableHeader = (value: string) => /^[\t\x20-\x7e\x80-\xff]*$/.test(value);

/** Bytes that are not UTF-8: a stray continuation, an overlong dot, a surrogate's WTF-8. */
export const INVALID_UTF8 = Buffer.from([0xff, 0xfe, 0xc0, 0xae, 0xed, 0xa0, 0x80, 0x80]);
