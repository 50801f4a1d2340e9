// The client's address as rate limits count it. Which address that is (socket or X-Forwarded-For) is
// Fastify's trustProxy decision (TRUST_PROXY); this only folds addresses one client can rotate through.
import { isIPv6 } from 'node:net';

/**
 * The subject of per-address limits: an IPv4 address as it is, an IPv6 one by its /64 — one home or phone
 * gets a whole /64 and could otherwise take a fresh address for every request.
 */
export function clientAddressKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip.split('%')[0] ?? ip);
  if (groups === null) return ip;
  // An IPv4 client seen through a dual-stack socket (::ffff:a.b.c.d) is that IPv4 address.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with or without `::` and a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] | null {
  const parse = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((g) => {
          if (!g.includes('.')) return [parseInt(g, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = g.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::');
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const groups =
    tail === undefined
      ? front
      : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g)) ? groups : null;
}
