// Each staff role's reach in the back office, in one table: what a capability covers and which roles hold
// it. The server's guards admit by it (`app.requireStaff(capability)`), the admin app shows only the
// sections and panels a role holds, the authorisation matrix derives each staff role's status on every
// /api/admin operation from it, and docs/PRODUCT.md carries it rendered (`npm run docs:staff-access`; a
// test fails when the two differ). A change of reach is a change of this table, nowhere else.
//
// The roles (docs/PRODUCT.md, «Who uses it»): the administrator runs everything; the editor runs content —
// lessons, programs, texts, mailing — and no money, no families; support runs families — their requests
// and accounts — and reads orders, prices and gifts to answer them.
import type { StaffRole } from './api/auth';

export interface StaffCapabilityEntry {
  /** What holding it lets a member of staff do, as the docs say it. */
  readonly what: string;
  readonly roles: readonly StaffRole[];
}

const ALL = ['admin', 'editor', 'support'] as const;
const ADMIN = ['admin'] as const;
const CONTENT = ['admin', 'editor'] as const;
const FAMILIES = ['admin', 'support'] as const;

export const STAFF_ACCESS = {
  session: { what: 'sign in to the back office, see one’s own account', roles: ALL },
  'family-figures': {
    what: 'the dashboard’s counts: families, paid subscriptions, trials, new support requests',
    roles: FAMILIES,
  },
  revenue: {
    what: 'the dashboard’s money: this month’s takings, the payments of the last 30 days',
    roles: FAMILIES,
  },
  audit: { what: 'the audit log', roles: ADMIN },
  texts: { what: 'pages, the landing’s texts, help instructions', roles: CONTENT },
  mailing: { what: 'mailing categories and campaigns, the delivery log', roles: CONTENT },
  'mailing-addresses': {
    what: 'the delivery log’s addresses in full (others see them partly hidden)',
    roles: ADMIN,
  },
  lessons: {
    what: 'lessons and their files, weeks, programs, age groups',
    roles: CONTENT,
  },
  families: {
    what: 'families: find, read, close and reopen sign-in, send a password reset, see and send the weekly letter',
    roles: FAMILIES,
  },
  'staff-accounts': {
    what: 'the same for staff accounts, inviting staff, and changing anyone’s role',
    roles: ADMIN,
  },
  subscriptions: { what: 'give a family days, end its subscription', roles: ADMIN },
  orders: { what: 'orders at the bank: read', roles: FAMILIES },
  refunds: { what: 'refund a paid order', roles: ADMIN },
  'order-exports': { what: 'the orders of a period as a file for the accountant', roles: ADMIN },
  'promo-codes': { what: 'promo codes', roles: ADMIN },
  prices: { what: 'tariffs, additional programs’ and weeks’ prices: read', roles: FAMILIES },
  'price-changes': { what: 'the same: add, change, remove', roles: ADMIN },
  gifts: { what: 'gift certificates: find (by code or address) and read', roles: FAMILIES },
  'gift-cancel': { what: 'cancel a gift certificate', roles: ADMIN },
  'support-requests': { what: 'support requests: read and answer by mail', roles: FAMILIES },
  'renewal-reasons': {
    what: 'why parents switch auto-renewal off: each reason’s share over a period',
    roles: ALL,
  },
  'renewal-comments': {
    what: 'the same, answer by answer with the parents’ own comments',
    roles: ADMIN,
  },
} as const satisfies Record<string, StaffCapabilityEntry>;

export type StaffCapability = keyof typeof STAFF_ACCESS;

export const STAFF_CAPABILITIES = Object.keys(STAFF_ACCESS) as StaffCapability[];

/** The roles that hold `capability`. */
export function staffRolesWith(capability: StaffCapability): readonly StaffRole[] {
  return STAFF_ACCESS[capability].roles;
}

/** Whether a member of staff of `role` holds `capability`; a parent, or nobody, holds none. */
export function staffMay(role: string | null | undefined, capability: StaffCapability): boolean {
  return (STAFF_ACCESS[capability].roles as readonly string[]).includes(role ?? '');
}
