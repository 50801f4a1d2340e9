// Who may call what, written down by hand: the authorisation matrix compares every operation of the
// OpenAPI document against this table and fails for an operation missing here (a new route must say who
// may call it) and for an entry whose operation is gone.
//
// Roles, each calling with the minimal valid request of request-samples.ts:
//   anonymous — no token; any ids are parent A's.
//   parent    — parent A, on A's own ids.
//   other     — parent B, signed in, on A's ids: must never see or change A's data.
//   admin, editor, support — staff signed in through the back office (a staff session), on A's ids. In
//               the family's own calls staff are strangers like B; the back office's calls (/api/admin/*)
//               admit each role to what it runs, and no sample there names A's data.
// Statuses are exact: a change of any of them is a decision to review, not noise.

export const STAFF = ['admin', 'editor', 'support'] as const;
export const ROLES = ['anonymous', 'parent', 'other', ...STAFF] as const;
export type Role = (typeof ROLES)[number];
type StaffRoleName = (typeof STAFF)[number];

export type Access = Record<Role, number>;
/** The family's calls: editor and support answer as the administrator does unless written otherwise. */
type FamilyAccess = Omit<Access, 'editor' | 'support'> &
  Partial<Pick<Access, 'editor' | 'support'>>;

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

/** A back-office call: 401 for a guest, 403 for parents and for staff of other roles. */
const staffOnly = (roles: readonly StaffRoleName[], status = 200): Access => ({
  anonymous: 401,
  parent: 403,
  other: 403,
  admin: roles.includes('admin') ? status : 403,
  editor: roles.includes('editor') ? status : 403,
  support: roles.includes('support') ? status : 403,
});

const TABLE: Record<string, FamilyAccess> = {
  // Public reads.
  'GET /api/health': everyone(200),
  'GET /api/public-config': everyone(200),
  'GET /api/landing-data': everyone(200),
  'GET /api/page/{slug}': everyone(200),
  // Despite the path, the help section's instructions are read by everyone (SPEC: "public read").
  'GET /api/admin/instruction': everyone(200),
  'GET /api/regions': everyone(200),
  'GET /api/age-groups': everyone(200),
  'GET /api/store/web/subscriptions': everyone(200),
  'GET /api/store/web/gifts': everyone(200),
  'GET /api/store/web/additional-programs': everyone(200),
  // The programs pages: weeks and lessons with the free preview, the same answer for everyone.
  'GET /api/program-outline': everyone(200),

  // Signing in and up: a signed-in client gets 409 already_authenticated (SPEC §8), so B signing in with
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

  // The profile: no ids in these calls, everyone signed in works on their own account.
  'GET /api/profile/show': signedIn(200),
  'POST /api/profile/update': signedIn(200),
  'POST /api/profile/password': signedIn(200),
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
  // The learning calls around it name a child the same way.
  'POST /api/profile/child/change_program': { anonymous: 401, parent: 200, other: 404, admin: 404 },
  'POST /api/profile/achievements/video': { anonymous: 401, parent: 200, other: 404, admin: 404 },
  'GET /api/profile/progress': { anonymous: 401, parent: 200, other: 404, admin: 404 },
  'GET /api/profile/progress-additional': { anonymous: 401, parent: 200, other: 404, admin: 404 },
  'GET /api/profile/skipped-weeks': { anonymous: 401, parent: 200, other: 404, admin: 404 },

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

  // The back office. Its sign-in takes only staff credentials: a parent's right password is refused as
  // wrong (the guest calls it with A's), and a signed-in caller gets 409 like every sign-in.
  'POST /api/admin/auth/login': { anonymous: 422, parent: 409, other: 409, admin: 409 },
  'GET /api/admin/auth/me': staffOnly(STAFF),
  'GET /api/admin/dashboard': staffOnly(STAFF),
  'GET /api/admin/audit': staffOnly(['admin']),
  // Mailing is content: the administrator and the editor write it.
  'GET /api/admin/mailing-categories': staffOnly(['admin', 'editor']),
  'GET /api/admin/mailing-categories/{id}': staffOnly(['admin', 'editor']),
  'PUT /api/admin/mailing-categories/{id}': staffOnly(['admin', 'editor']),
  'GET /api/admin/campaigns': staffOnly(['admin', 'editor']),
  'POST /api/admin/campaigns': staffOnly(['admin', 'editor'], 201),
  'GET /api/admin/campaigns/{id}': staffOnly(['admin', 'editor']),
  'PUT /api/admin/campaigns/{id}': staffOnly(['admin', 'editor']),
  'POST /api/admin/campaigns/{id}/send': staffOnly(['admin', 'editor']),
  'POST /api/admin/campaigns/{id}/cancel': staffOnly(['admin', 'editor']),
  'GET /api/admin/campaigns/{id}/deliveries': staffOnly(['admin', 'editor']),
  // Texts: the administrator and the editor.
  'GET /api/admin/landing': staffOnly(['admin', 'editor']),
  'GET /api/admin/landing/{id}': staffOnly(['admin', 'editor']),
  'PUT /api/admin/landing/{id}': staffOnly(['admin', 'editor']),
  'GET /api/admin/pages': staffOnly(['admin', 'editor']),
  'GET /api/admin/pages/{id}': staffOnly(['admin', 'editor']),
  'PUT /api/admin/pages/{id}': staffOnly(['admin', 'editor']),
  'GET /api/admin/instructions': staffOnly(['admin', 'editor']),
  'POST /api/admin/instructions': staffOnly(['admin', 'editor'], 201),
  'GET /api/admin/instructions/{id}': staffOnly(['admin', 'editor']),
  'PUT /api/admin/instructions/{id}': staffOnly(['admin', 'editor']),
  'DELETE /api/admin/instructions/{id}': staffOnly(['admin', 'editor']),
  // Families and orders: the administrator and support; roles only the administrator.
  'GET /api/admin/users': staffOnly(['admin', 'support']),
  'GET /api/admin/users/{id}': staffOnly(['admin', 'support']),
  'POST /api/admin/users/{id}/block': staffOnly(['admin', 'support']),
  'POST /api/admin/users/{id}/password-reset': staffOnly(['admin', 'support']),
  'PUT /api/admin/users/{id}/role': staffOnly(['admin']),
  // A stranger family without a subscription: nothing to extend or end (409) — for the administrator.
  'POST /api/admin/users/{id}/subscription/extend': { ...staffOnly(['admin']), admin: 409 },
  'POST /api/admin/users/{id}/subscription/end': { ...staffOnly(['admin']), admin: 409 },
  'GET /api/admin/orders': staffOnly(['admin', 'support']),
  'GET /api/admin/orders/{id}': staffOnly(['admin', 'support']),
  // Refunds are money: the administrator's. The sample order was never paid — nothing to refund (409).
  'POST /api/admin/orders/{id}/refund': { ...staffOnly(['admin']), admin: 409 },
  // Promo codes are money: the administrator's. The reasons for switching renewal off: all staff.
  'GET /api/admin/promo-codes': staffOnly(['admin']),
  'POST /api/admin/promo-codes': staffOnly(['admin'], 201),
  'GET /api/admin/promo-codes/{id}': staffOnly(['admin']),
  'PUT /api/admin/promo-codes/{id}': staffOnly(['admin']),
  'GET /api/admin/unsubscribe-reasons': staffOnly(STAFF),
  'GET /api/admin/unsubscribe-reasons/stats': staffOnly(STAFF),
  // The shop's catalogue: prices are the administrator's to change; support reads them (families ask).
  // The editor runs content and lessons, not money. A certificate's cancel is the administrator's.
  'GET /api/admin/tariffs': staffOnly(['admin', 'support']),
  'GET /api/admin/tariffs/{id}': staffOnly(['admin', 'support']),
  'POST /api/admin/tariffs': staffOnly(['admin'], 201),
  'PUT /api/admin/tariffs/{id}': staffOnly(['admin']),
  'DELETE /api/admin/tariffs/{id}': staffOnly(['admin']),
  'GET /api/admin/program-prices': staffOnly(['admin', 'support']),
  'GET /api/admin/program-prices/{id}': staffOnly(['admin', 'support']),
  'PUT /api/admin/program-prices/{id}': staffOnly(['admin']),
  'GET /api/admin/week-prices': staffOnly(['admin', 'support']),
  'GET /api/admin/week-prices/{id}': staffOnly(['admin', 'support']),
  'PUT /api/admin/week-prices/{id}': staffOnly(['admin']),
  'GET /api/admin/gift-certificates': staffOnly(['admin', 'support']),
  'GET /api/admin/gift-certificates/{id}': staffOnly(['admin', 'support']),
  'POST /api/admin/gift-certificates/{id}/cancel': staffOnly(['admin']),
  // Lessons and their frame: the administrator and the editor. An upload that is nobody's answers 404.
  'GET /api/admin/age-groups': staffOnly(['admin', 'editor']),
  'GET /api/admin/age-groups/{id}': staffOnly(['admin', 'editor']),
  'PUT /api/admin/age-groups/{id}': staffOnly(['admin', 'editor']),
  'GET /api/admin/programs': staffOnly(['admin', 'editor']),
  'GET /api/admin/programs/{id}': staffOnly(['admin', 'editor']),
  'PUT /api/admin/programs/{id}': staffOnly(['admin', 'editor']),
  'GET /api/admin/lesson-places': staffOnly(['admin', 'editor']),
  'GET /api/admin/lesson-places/{id}': staffOnly(['admin', 'editor']),
  'GET /api/admin/weeks': staffOnly(['admin', 'editor']),
  'GET /api/admin/weeks/{id}': staffOnly(['admin', 'editor']),
  'POST /api/admin/weeks': staffOnly(['admin', 'editor'], 201),
  'PUT /api/admin/weeks/{id}': staffOnly(['admin', 'editor']),
  'GET /api/admin/lessons': staffOnly(['admin', 'editor']),
  'GET /api/admin/lessons/{id}': staffOnly(['admin', 'editor']),
  'POST /api/admin/lessons': staffOnly(['admin', 'editor'], 201),
  'PUT /api/admin/lessons/{id}': staffOnly(['admin', 'editor']),
  'POST /api/admin/uploads': staffOnly(['admin', 'editor'], 201),
  'PATCH /api/admin/uploads/{id}': staffOnly(['admin', 'editor'], 404),
  'DELETE /api/admin/uploads/{id}': staffOnly(['admin', 'editor'], 404),
  'GET /api/admin/media-uploads/{id}': staffOnly(['admin', 'editor']),
  // Support requests: the administrator and support.
  'GET /api/admin/support-requests': staffOnly(['admin', 'support']),
  'GET /api/admin/support-requests/{id}': staffOnly(['admin', 'support']),
  'POST /api/admin/support-requests/{id}/answer': staffOnly(['admin', 'support']),
};

export const EXPECTED_ACCESS: Record<string, Access> = Object.fromEntries(
  Object.entries(TABLE).map(([key, access]) => [
    key,
    { ...access, editor: access.editor ?? access.admin, support: access.support ?? access.admin },
  ]),
);
