// Who may call what: the authorisation matrix compares every operation of the OpenAPI document against
// this table and fails for an operation missing here (a new route must say who may call it) and for an
// entry whose operation is gone. The family's calls are written down by hand; the back office's name the
// capability they need, and the roles' table (@contract/staff-access) says who holds it.
//
// Roles, each calling with the minimal valid request of request-samples.ts:
//   anonymous — no token; any ids are parent A's.
//   parent    — parent A, on A's own ids.
//   other     — parent B, signed in, on A's ids: must never see or change A's data.
//   caregiver — a grown-up A invited into A's family (docs/PRODUCT.md «Grown-ups of a family»), on A's
//               ids: shares A's children and lessons, and is refused with 403 owner_only everything else
//               a signed-in call does (buying, cards, adding or deleting children, invitations). Written in
//               CAREGIVER below; a call not there answers them 403 when it needs a session, as B otherwise.
//   admin, editor, support — staff signed in through the back office (a staff session), on A's ids. In
//               the family's own calls staff are strangers like B; in the back office's each role is
//               admitted to what its capabilities cover — by the same table the guards admit by — and no
//               sample there names A's data.
// Statuses are exact: a change of any of them is a decision to review, not noise.

import { STAFF_ROLES } from '@contract/api/auth';
import { staffMay, type StaffCapability } from '@contract/staff-access';

export const STAFF = STAFF_ROLES;
export const ROLES = ['anonymous', 'parent', 'other', 'caregiver', ...STAFF] as const;
export type Role = (typeof ROLES)[number];

export type Access = Record<Role, number>;
/** The family's calls: editor and support answer as the administrator does unless written otherwise. */
type FamilyAccess = Omit<Access, 'editor' | 'support' | 'caregiver'> &
  Partial<Pick<Access, 'editor' | 'support' | 'caregiver'>>;

const everyone = (status: number): FamilyAccess => ({
  anonymous: status,
  parent: status,
  other: status,
  admin: status,
});

/** Signed-in callers act on their own account: B and staff change only themselves. */
const signedIn = (status: number): FamilyAccess => ({
  anonymous: 401,
  parent: status,
  other: status,
  admin: status,
});

/**
 * A back-office call needing `capability`: 401 for a guest, 403 for parents and for staff whose role does
 * not hold it, `status` for those whose role does.
 */
const staffOnly = (capability: StaffCapability, status = 200): Access => ({
  anonymous: 401,
  parent: 403,
  other: 403,
  caregiver: 403,
  admin: staffMay('admin', capability) ? status : 403,
  editor: staffMay('editor', capability) ? status : 403,
  support: staffMay('support', capability) ? status : 403,
});

const TABLE: Record<string, FamilyAccess> = {
  // Public reads.
  'GET /api/health': everyone(200),
  'GET /api/health/ready': everyone(200),
  'GET /api/public-config': everyone(200),
  'GET /api/landing-data': everyone(200),
  'GET /api/page/{slug}': everyone(200),
  // Despite the path, the help section's instructions are read by everyone (docs/PRODUCT.md: read by everyone).
  'GET /api/admin/instruction': everyone(200),
  'GET /api/regions': everyone(200),
  'GET /api/age-groups': everyone(200),
  'GET /api/store/web/subscriptions': everyone(200),
  'GET /api/store/web/gifts': everyone(200),
  'GET /api/store/web/additional-programs': everyone(200),
  // The programs pages: weeks and lessons with the free preview, the same answer for everyone.
  'GET /api/program-outline': everyone(200),

  // Signing in and up: a signed-in client gets 409 already_authenticated (docs/ARCHITECTURE.md «Error codes»), so B signing in with
  // A's e-mail and password gets no session of A's.
  'POST /api/auth/login': { anonymous: 200, parent: 409, other: 409, admin: 409 },
  'POST /api/auth/register': { anonymous: 201, parent: 409, other: 409, admin: 409 },
  'GET /api/auth/logout': signedIn(200),
  // A's one-time code works only with A's browser's cookie: B presenting it from B's browser gets 422.
  'POST /api/auth/usertoken': { anonymous: 200, parent: 200, other: 422, admin: 422 },
  // A mail link proves itself, whoever clicks it; B and the administrator follow their own.
  'GET /api/auth/register/verification': everyone(200),
  'POST /api/auth/resend-verification-link': signedIn(200),
  // Always 200, whether the address has an account or not, and whoever asks.
  'POST /api/auth/password/email': everyone(200),
  // B's own reset link tried with A's address is refused: a link resets only the address it was sent to.
  'POST /api/auth/password/reset': { anonymous: 200, parent: 200, other: 422, admin: 422 },

  // Social sign-in: the start is open (with a token it links the network to the caller), the callbacks
  // always redirect.
  'GET /api/auth/vk-oauth': everyone(200),
  'GET /api/auth/vk-oauth/callback': everyone(302),
  'GET /api/auth/fb-oauth': everyone(200),
  'GET /api/auth/fb-oauth/callback': everyone(302),
  // Facebook's server calls it with a request signed for one of its users; each role signs its own.
  'POST /api/auth/fb/data-deletion': everyone(200),
  // The consent step of a social sign-up is found by its browser's cookie alone: nobody in these rounds
  // holds one (422); a signed-in caller may not make a second account (409). Refusing is always fine.
  'GET /api/auth/social-signup': everyone(422),
  'POST /api/auth/social-signup': { anonymous: 422, parent: 409, other: 409, admin: 409 },
  'POST /api/auth/social-signup/cancel': everyone(200),

  // The profile: no ids in these calls, everyone signed in works on their own account.
  'GET /api/profile/show': signedIn(200),
  'POST /api/profile/update': signedIn(200),
  'POST /api/profile/password': signedIn(200),
  // Only an account without an address may add one; the families all have theirs.
  'POST /api/profile/email': signedIn(409),
  'GET /api/profile/deleteChildren': signedIn(200),
  'GET /api/profile/deleteLessonStats': signedIn(200),
  'POST /api/profile/delete': signedIn(200),
  'GET /api/profile/unbind-social-network': signedIn(200),
  'GET /api/profile/deleteSocialData': signedIn(200),

  // Children: another family's child does not exist for the caller (404, not 403: no confirmation that
  // the id is taken).
  'POST /api/profile/child/store': signedIn(201),
  'POST /api/profile/child/update': { anonymous: 401, parent: 200, other: 404, admin: 404 },
  'POST /api/profile/child/delete': { anonymous: 401, parent: 200, other: 404, admin: 404 },

  // Lessons as one child sees them: another family's child is unknown.
  'GET /api/profile/lessons': { anonymous: 401, parent: 200, other: 404, admin: 404 },
  'GET /api/profile/lessons/downloads': { anonymous: 401, parent: 200, other: 404, admin: 404 },
  // The learning calls around it name a child the same way.
  'POST /api/profile/child/change_program': { anonymous: 401, parent: 200, other: 404, admin: 404 },
  'POST /api/profile/achievements/video': { anonymous: 401, parent: 200, other: 404, admin: 404 },
  'GET /api/profile/progress': { anonymous: 401, parent: 200, other: 404, admin: 404 },
  'GET /api/profile/progress-additional': { anonymous: 401, parent: 200, other: 404, admin: 404 },
  'GET /api/profile/skipped-weeks': { anonymous: 401, parent: 200, other: 404, admin: 404 },
  // Screen time: the list is of the caller's own children; an extension names a child.
  'GET /api/profile/screen-time': signedIn(200),
  'POST /api/profile/screen-time/extend': { anonymous: 401, parent: 200, other: 404, admin: 404 },

  // The trial: every signed-in caller activates it for their own family, once.
  'POST /api/store/subscription/activate': signedIn(201),

  // The store: a purchase is the caller's own (priced from catalogue ids); a promo code is checked for
  // anyone, guests choosing a tariff included.
  'POST /api/store/purchase-initialization': signedIn(200),
  'POST /api/store/web/promocode': everyone(200),
  'GET /api/store/slot-purchases': signedIn(200),
  'GET /api/store/payments': signedIn(200),
  'GET /api/store/gift': signedIn(200),
  // Renewal, the saved card, refusal, ending and pauses: each caller acts on their own family only, so B
  // and the administrator see and change nothing of A's. The fixture families have no paid subscription:
  // ending one or a pause is 409.
  'GET /api/store/renewal': signedIn(200),
  'POST /api/store/card/remove': signedIn(200),
  // No fixture family has a saved card to renew on.
  'POST /api/store/renewal/enable': signedIn(409),
  'POST /api/profile/unsubscribe': signedIn(200),
  'GET /api/profile/unsubscribe/reason': signedIn(200),
  'POST /api/profile/unsubscribe/statistics': signedIn(200),
  'POST /api/profile/end-subscription': signedIn(409),
  'POST /api/profile/pause': signedIn(409),
  'POST /api/profile/pause/resume': signedIn(409),
  // Support takes a guest's request; a signed-in caller writes from the account's own address, which the
  // fixture accounts never confirmed.
  'POST /api/user-support': { anonymous: 201, parent: 409, other: 409, admin: 409 },
  // Mailing: the catalogue is public; choices are the caller's own (a mail link's token names its
  // recipient instead, whoever holds it).
  'GET /api/profile/subscribe-categories-list': everyone(200),
  'GET /api/profile/unsubscribe-for-mailing': signedIn(200),
  'POST /api/profile/subscribe-for-mailing': signedIn(200),
  'POST /api/profile/unsubscribe-for-mailing': signedIn(200),
  'POST /api/profile/unsubscribe-from-all': signedIn(200),
  // A's gifts, purchases and orders do not exist for anyone else.
  'POST /api/store/gift/toggle': { anonymous: 401, parent: 200, other: 404, admin: 404 },
  'POST /api/store/web/gift/send': { anonymous: 401, parent: 200, other: 404, admin: 404 },
  'POST /api/payments/sberbank/register/subscription-order': {
    anonymous: 401,
    parent: 200,
    other: 404,
    admin: 404,
  },
  'POST /api/payments/sberbank/register/gift-order': {
    anonymous: 401,
    parent: 200,
    other: 404,
    admin: 404,
  },
  'POST /api/payments/sberbank/register/child-slot-order': {
    anonymous: 401,
    parent: 200,
    other: 404,
    admin: 404,
  },
  'POST /api/payments/sberbank/register/additional-program-order': {
    anonymous: 401,
    parent: 200,
    other: 404,
    admin: 404,
  },
  'POST /api/payments/sberbank/register/weeks-order': {
    anonymous: 401,
    parent: 200,
    other: 404,
    admin: 404,
  },
  'POST /api/payments/sberbank/order-registration': {
    anonymous: 401,
    parent: 200,
    other: 404,
    admin: 404,
  },
  'POST /api/payments/sberbank/get-order-state': {
    anonymous: 401,
    parent: 200,
    other: 404,
    admin: 404,
  },
  // The bank's notification proves itself by its checksum, whoever delivers it; it is answered 200
  // and only makes the server ask the bank.
  'GET /api/payments/sberbank/callback': everyone(200),
  'POST /api/payments/sberbank/callback': everyone(200),

  // The back office's sign-in (its other calls are in STAFF_OPERATIONS) takes only staff credentials: a
  // parent's right password is refused as wrong (the guest calls it with A's), and a signed-in caller gets
  // 409 like every sign-in.
  'POST /api/admin/auth/login': { anonymous: 422, parent: 409, other: 409, admin: 409 },
  // The invitation page's calls need no session: the link proves itself, whoever holds it (each sample
  // invites an address of its own).
  'POST /api/admin/invitation/open': everyone(200),
  'POST /api/admin/invitation/accept': everyone(200),

  // The grown-ups of a family: the owner's list and invitations; B invites into B's own family. Every
  // account in these rounds already has a family (a child of its own, or A's for A and the caregiver),
  // so accepting A's invitation is refused.
  'GET /api/profile/caregivers': signedIn(200),
  'POST /api/profile/caregivers': signedIn(201),
  'POST /api/profile/caregivers/accept': { anonymous: 401, parent: 409, other: 409, admin: 409 },
  'DELETE /api/profile/caregivers/{id}': { anonymous: 401, parent: 204, other: 404, admin: 404 },
  // A parent's own invitation link (a caregiver has none: 403 owner_only).
  'GET /api/profile/referral': signedIn(200),
};

/**
 * What a caregiver of A's family gets where it differs from 403 (a call needing a session) or from B's
 * status (a public call): their own account's calls, and A's children and lessons.
 */
const CAREGIVER: Record<string, number> = {
  'GET /api/auth/logout': 200,
  'POST /api/auth/resend-verification-link': 200,
  'GET /api/profile/show': 200,
  // The sample changes the caller's own surname; the region is the owner's to change.
  'POST /api/profile/update': 200,
  'POST /api/profile/password': 200,
  'POST /api/profile/email': 409,
  // Deletes the caregiver's own account only: the family stays as it was.
  'POST /api/profile/delete': 200,
  'GET /api/profile/unbind-social-network': 200,
  'GET /api/profile/deleteSocialData': 200,
  // The sample renames the child: who the child is stays the owner's to say (403); its settings are not.
  'POST /api/profile/child/update': 403,
  'GET /api/profile/lessons': 200,
  'GET /api/profile/lessons/downloads': 200,
  'POST /api/profile/child/change_program': 200,
  'POST /api/profile/achievements/video': 200,
  'GET /api/profile/progress': 200,
  'GET /api/profile/progress-additional': 200,
  'GET /api/profile/skipped-weeks': 200,
  'GET /api/profile/screen-time': 200,
  'POST /api/profile/screen-time/extend': 200,
  'GET /api/profile/unsubscribe-for-mailing': 200,
  'POST /api/profile/subscribe-for-mailing': 200,
  'POST /api/profile/unsubscribe-for-mailing': 200,
  'POST /api/profile/unsubscribe-from-all': 200,
  'POST /api/profile/caregivers/accept': 409,
};

const caregiverStatus = (key: string, access: FamilyAccess): number =>
  access.caregiver ?? CAREGIVER[key] ?? (access.anonymous === 401 ? 403 : access.other);

/**
 * Every other back-office call with the capability it needs in the roles' table (and the status a holder
 * gets when it is not 200: the sample names nothing to act on). Each staff role's status follows from the
 * table; parents get 403 and guests 401.
 */
export const STAFF_OPERATIONS: Record<string, StaffCapability | [StaffCapability, number]> = {
  'GET /api/admin/auth/me': 'session',
  // The dashboard: the counts and the money, each to the roles that hold it.
  'GET /api/admin/dashboard': 'family-figures',
  'GET /api/admin/dashboard/revenue': 'revenue',
  'GET /api/admin/audit': 'audit',
  'GET /api/admin/mailing-categories': 'mailing',
  'GET /api/admin/mailing-categories/{id}': 'mailing',
  'PUT /api/admin/mailing-categories/{id}': 'mailing',
  'GET /api/admin/campaigns': 'mailing',
  'POST /api/admin/campaigns': ['mailing', 201],
  'GET /api/admin/campaigns/{id}': 'mailing',
  'PUT /api/admin/campaigns/{id}': 'mailing',
  'POST /api/admin/campaigns/{id}/send': 'mailing',
  'POST /api/admin/campaigns/{id}/cancel': 'mailing',
  'GET /api/admin/campaigns/{id}/deliveries': 'mailing',
  'GET /api/admin/landing': 'texts',
  'GET /api/admin/landing/{id}': 'texts',
  'PUT /api/admin/landing/{id}': 'texts',
  'GET /api/admin/pages': 'texts',
  'GET /api/admin/pages/{id}': 'texts',
  'PUT /api/admin/pages/{id}': 'texts',
  'GET /api/admin/instructions': 'texts',
  'POST /api/admin/instructions': ['texts', 201],
  'GET /api/admin/instructions/{id}': 'texts',
  'PUT /api/admin/instructions/{id}': 'texts',
  'DELETE /api/admin/instructions/{id}': 'texts',
  // The sample's account is a stranger parent, so `families` suffices to act on it.
  'GET /api/admin/users': 'families',
  'GET /api/admin/users/{id}': 'families',
  'POST /api/admin/users/{id}/block': 'families',
  'POST /api/admin/users/{id}/password-reset': 'families',
  'PUT /api/admin/users/{id}/role': 'staff-accounts',
  // The weekly letter's preview; the stranger family has no children, so there is none to send (409).
  'GET /api/admin/families/{id}/digest': 'families',
  'POST /api/admin/families/{id}/digest': ['families', 409],
  // Staff come in by invitation, the administrator's to send.
  'POST /api/admin/staff-invitations': ['staff-accounts', 201],
  // A stranger family without a subscription: nothing to extend or end (409).
  'POST /api/admin/users/{id}/subscription/extend': ['subscriptions', 409],
  'POST /api/admin/users/{id}/subscription/end': ['subscriptions', 409],
  'GET /api/admin/orders': 'orders',
  'GET /api/admin/orders/{id}': 'orders',
  // The sample order was never paid — nothing to refund (409).
  'POST /api/admin/orders/{id}/refund': ['refunds', 409],
  'GET /api/admin/exports/orders.csv': 'order-exports',
  'GET /api/admin/promo-codes': 'promo-codes',
  'POST /api/admin/promo-codes': ['promo-codes', 201],
  'GET /api/admin/promo-codes/{id}': 'promo-codes',
  'PUT /api/admin/promo-codes/{id}': 'promo-codes',
  // Why renewal is switched off: the shares, and the answers with the parents' comments.
  'GET /api/admin/unsubscribe-reasons': 'renewal-comments',
  'GET /api/admin/unsubscribe-reasons/stats': 'renewal-reasons',
  'GET /api/admin/tariffs': 'prices',
  'GET /api/admin/tariffs/{id}': 'prices',
  'POST /api/admin/tariffs': ['price-changes', 201],
  'PUT /api/admin/tariffs/{id}': 'price-changes',
  'DELETE /api/admin/tariffs/{id}': 'price-changes',
  'GET /api/admin/program-prices': 'prices',
  'GET /api/admin/program-prices/{id}': 'prices',
  'PUT /api/admin/program-prices/{id}': 'price-changes',
  'GET /api/admin/week-prices': 'prices',
  'GET /api/admin/week-prices/{id}': 'prices',
  'PUT /api/admin/week-prices/{id}': 'price-changes',
  'GET /api/admin/gift-certificates': 'gifts',
  'GET /api/admin/gift-certificates/{id}': 'gifts',
  'POST /api/admin/gift-certificates/{id}/cancel': 'gift-cancel',
  // Lessons and their files. An upload that is nobody's answers 404.
  'GET /api/admin/age-groups': 'lessons',
  'GET /api/admin/age-groups/{id}': 'lessons',
  'PUT /api/admin/age-groups/{id}': 'lessons',
  'GET /api/admin/programs': 'lessons',
  'GET /api/admin/programs/{id}': 'lessons',
  'PUT /api/admin/programs/{id}': 'lessons',
  'GET /api/admin/lesson-places': 'lessons',
  'GET /api/admin/lesson-places/{id}': 'lessons',
  'GET /api/admin/weeks': 'lessons',
  'GET /api/admin/weeks/{id}': 'lessons',
  'POST /api/admin/weeks': ['lessons', 201],
  'PUT /api/admin/weeks/{id}': 'lessons',
  'GET /api/admin/lessons': 'lessons',
  'GET /api/admin/lessons/{id}': 'lessons',
  'POST /api/admin/lessons': ['lessons', 201],
  'PUT /api/admin/lessons/{id}': 'lessons',
  'POST /api/admin/uploads': ['lessons', 201],
  'PATCH /api/admin/uploads/{id}': ['lessons', 404],
  'DELETE /api/admin/uploads/{id}': ['lessons', 404],
  'GET /api/admin/media-uploads/{id}': 'lessons',
  'GET /api/admin/support-requests': 'support-requests',
  'GET /api/admin/support-requests/{id}': 'support-requests',
  'POST /api/admin/support-requests/{id}/answer': 'support-requests',
};

/**
 * The /api/admin operations that are not the back office's own: its sign-in, a public read, and the
 * invitation page's calls (the link is the proof, before any staff session exists).
 */
export const NOT_STAFF_OPERATIONS = [
  'POST /api/admin/auth/login',
  'GET /api/admin/instruction',
  'POST /api/admin/invitation/open',
  'POST /api/admin/invitation/accept',
];

export const EXPECTED_ACCESS: Record<string, Access> = {
  ...Object.fromEntries(
    Object.entries(TABLE).map(([key, access]) => [
      key,
      {
        ...access,
        caregiver: caregiverStatus(key, access),
        editor: access.editor ?? access.admin,
        support: access.support ?? access.admin,
      },
    ]),
  ),
  ...Object.fromEntries(
    Object.entries(STAFF_OPERATIONS).map(([key, needs]) => [
      key,
      typeof needs === 'string' ? staffOnly(needs) : staffOnly(...needs),
    ]),
  ),
};
