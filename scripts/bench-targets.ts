// What `npm run bench` drives: the anchors, the public reads and a family's own calls.
import { BENCH_PASSWORD, benchEmail, type BenchFamily } from './bench-families';
import type { Target } from './bench-load';

const signedIn = (family: BenchFamily) => ({ authorization: `Bearer ${family.token}` });

/** Served by scripts/bench-anchor-server.ts. */
export function anchorTargets(family: BenchFamily): Target[] {
  return [
    { label: '(a) bare Fastify, small JSON', path: '/anchor/json', anchor: 'a' },
    { label: '(b) bare Fastify + one tariffs query', path: '/anchor/tariffs', anchor: 'b' },
    {
      label: '(c) bare Fastify + session ⋈ users',
      path: '/anchor/session',
      anchor: 'c',
      headers: signedIn(family),
    },
    // Sign-in is bound by argon2 by design (OWASP's parameters): its own yardstick is one verification.
    {
      label: '(d) bare Fastify + one argon2 verify',
      path: '/anchor/argon2',
      anchor: 'd',
      post: signIn,
    },
  ];
}

/** Public JSON is compared with bare Fastify's small JSON (a): the cache is meant to make it nearly that. */
export const PUBLIC_TARGETS: Target[] = [
  { label: '/api/health', path: '/api/health', anchor: 'b' },
  { label: '/api/landing-data', path: '/api/landing-data', anchor: 'a' },
  { label: '/api/store/web/subscriptions', path: '/api/store/web/subscriptions', anchor: 'a' },
  { label: '/api/store/web/gifts?page=1', path: '/api/store/web/gifts?page=1', anchor: 'a' },
  { label: '/api/regions', path: '/api/regions', anchor: 'a' },
  { label: '/api/page/faq', path: '/api/page/faq', anchor: 'a' },
  { label: '/ (HTML)', path: '/', anchor: 'a' },
  // The program's own page: `/programs/main-program` alone redirects to the first age group's.
  {
    label: '/programs/main-program/four-five (HTML)',
    path: '/programs/main-program/four-five',
    anchor: 'a',
  },
];

/** A different client address for every request: 10.0.0.0/8 has room for every sign-in of a run. */
const clientAddress = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** The i-th sign-in: parents spread over the whole table, each from an address of their own. */
const signInOf = (families: number) => (i: number) => ({
  body: JSON.stringify({
    email: benchEmail(1 + ((i * 7919) % families)),
    password: BENCH_PASSWORD,
  }),
  headers: { 'x-forwarded-for': clientAddress(i) },
});
const signIn = signInOf(1000);

export function privateTargets(family: BenchFamily, families: number): Target[] {
  return [
    {
      label: 'POST /api/auth/login',
      path: '/api/auth/login',
      anchor: 'd',
      post: signInOf(families),
    },
    {
      label: '/api/profile/show',
      path: '/api/profile/show',
      anchor: 'c',
      headers: signedIn(family),
    },
    {
      label: '/api/profile/lessons?child_id=…',
      path: `/api/profile/lessons?child_id=${family.childId}`,
      anchor: 'c',
      headers: signedIn(family),
    },
    {
      label: '/api/profile/progress?child_id=…',
      path: `/api/profile/progress?child_id=${family.childId}`,
      anchor: 'c',
      headers: signedIn(family),
    },
  ];
}
