// The smallest valid request of each operation, for the authorisation matrix. An operation without an
// entry is called bare (no parameters, no body); one that needs a body or a required parameter fails the
// matrix until it has one here.
import { PERSONAL_DATA_CONSENT_SLUG } from '@contract/api/auth';
import { and, eq } from 'drizzle-orm';
import { additionalPrograms, lessons, mailingCategories, tariffs } from '../db/schema/index';
import { signRequest } from '../integrations/oauth/signed-request';
import { issueEmailToken } from '../modules/auth/email-tokens';
import { issueUserToken } from '../modules/auth/service';
import { randomToken } from '../modules/auth/tokens';
import { ADMIN_SAMPLES } from './admin-samples';
import { CAREGIVER_SAMPLES } from './caregiver-samples';
import { LESSON_ADMIN_SAMPLES } from './lesson-admin-samples';
import { STAFF_INVITATION_SAMPLES } from './staff-invitation-samples';
import type { Sample } from './sample';
import {
  ownersGift,
  ownersOrder,
  ownersPurchase,
  ownersSkippedWeek,
  paidTariffId,
  signedCallback,
} from './store-samples';
import { FAMILY_PASSWORD, randomWord, type Family, type FixtureDeps } from './families';

export type { Sample } from './sample';

const NEW_PASSWORD = 'Novyi-parol-2026';

function ownChild(owner: Family): number {
  if (!owner.child) throw new Error('this sample needs a family with a child');
  return owner.child.id;
}

async function mailingCategoryId(deps: FixtureDeps): Promise<number> {
  const [row] = await deps.db.select({ id: mailingCategories.id }).from(mailingCategories).limit(1);
  if (!row) throw new Error('the seed has no mailing category');
  return row.id;
}

/** A lesson of the seed every child may watch: the first of its program. */
export const PREVIEW_LESSON = 'four-five-w1-l1';

export async function lessonIdOf(deps: FixtureDeps, code: string): Promise<number> {
  const [row] = await deps.db
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.code, code));
  if (!row) throw new Error(`the seed has no lesson ${code}`);
  return row.id;
}

export async function additionalProgramIdOf(deps: FixtureDeps, slug: string): Promise<number> {
  const [row] = await deps.db
    .select({ id: additionalPrograms.id })
    .from(additionalPrograms)
    .where(eq(additionalPrograms.slug, slug));
  if (!row) throw new Error(`the seed has no additional program ${slug}`);
  return row.id;
}

export const REQUEST_SAMPLES: Record<string, Sample> = {
  'GET /api/landing-data': { build: () => ({ query: { key: 'landing' } }) },
  'GET /api/page/{slug}': { build: () => ({ params: { slug: PERSONAL_DATA_CONSENT_SLUG } }) },
  'GET /api/store/web/subscriptions': { build: () => ({ query: { page: '1' } }) },
  'GET /api/store/web/gifts': { build: () => ({ query: { page: '1' } }) },
  'GET /api/program-outline': { build: () => ({ query: { type: 'main', program: 'four-five' } }) },

  'POST /api/auth/login': {
    build: ({ owner }) => ({ body: { email: owner.email, password: FAMILY_PASSWORD } }),
  },
  'POST /api/auth/register': {
    build: () => ({
      body: {
        email: `new-${randomToken().slice(0, 10).toLowerCase()}@example.ru`,
        password: NEW_PASSWORD,
        name: 'Мария',
        consent_personal_data: true,
      },
    }),
  },
  'POST /api/auth/usertoken': {
    // A's code; the cookie is the one the caller's browser holds: A's code in A's browser, the
    // caller's own code in anyone else's.
    build: async ({ role, owner, self, deps }) => {
      const code = await issueUserToken({ ...deps, userId: owner.id });
      const own = role === 'anonymous' || role === 'parent';
      const cookie = own ? code : await issueUserToken({ ...deps, userId: self.id });
      return { body: { usertoken: code }, cookies: { usertoken: cookie } };
    },
  },
  'GET /api/auth/register/verification': {
    build: async ({ self, deps }) => ({
      query: {
        verified_token: await issueEmailToken({
          ...deps,
          userId: self.id,
          purpose: 'verify_email',
        }),
      },
    }),
  },
  'POST /api/auth/password/email': { build: ({ owner }) => ({ body: { email: owner.email } }) },
  'POST /api/auth/social-signup': { build: () => ({ body: { consent_personal_data: true } }) },
  'POST /api/profile/email': { build: () => ({ body: { email: 'added@example.ru' } }) },
  'POST /api/store/subscription/activate': {
    build: async ({ deps }) => {
      const [trial] = await deps.db
        .select({ id: tariffs.id })
        .from(tariffs)
        .where(and(eq(tariffs.kind, 'subscription'), eq(tariffs.isFree, true)));
      if (!trial) throw new Error('the seed has no trial tariff');
      return { body: { subscription_id: trial.id } };
    },
  },
  'POST /api/auth/password/reset': {
    // The caller's own link with A's address.
    build: async ({ owner, self, deps }) => ({
      body: {
        token: await issueEmailToken({ ...deps, userId: self.id, purpose: 'password_reset' }),
        email: owner.email,
        password: NEW_PASSWORD,
      },
    }),
  },

  'GET /api/auth/vk-oauth/callback': {
    build: () => ({ query: { code: 'sample-code', state: randomToken(), device_id: 'device' } }),
  },
  'GET /api/auth/fb-oauth/callback': {
    build: () => ({ query: { code: 'sample-code', state: randomToken() } }),
  },
  'POST /api/auth/fb/data-deletion': {
    build: ({ self, deps }) => ({
      body: {
        signed_request: signRequest(
          {
            algorithm: 'HMAC-SHA256',
            issued_at: Math.floor(deps.clock().getTime() / 1000),
            user_id: self.fbId,
          },
          deps.config.fb.clientSecret,
        ),
      },
    }),
  },

  'POST /api/profile/update': { build: () => ({ body: { surname: randomWord() } }) },
  'POST /api/profile/password': {
    build: () => ({ body: { current_password: FAMILY_PASSWORD, password: NEW_PASSWORD } }),
  },
  'POST /api/profile/delete': { build: () => ({ body: { password: FAMILY_PASSWORD } }) },
  'GET /api/profile/unbind-social-network': {
    build: () => ({ query: { social_network: 'vk' } }),
  },

  'POST /api/profile/child/store': {
    childless: true,
    build: () => ({ body: { name: 'Маша', birth_date: '2021-06-15' } }),
  },
  'POST /api/profile/child/update': {
    addressesOwnerRecord: true,
    build: ({ owner }) => ({ body: { id: ownChild(owner), name: randomWord(), avatar: 'fox' } }),
  },
  'POST /api/profile/child/delete': {
    addressesOwnerRecord: true,
    build: ({ owner }) => ({ body: { id: ownChild(owner) } }),
  },
  'GET /api/profile/lessons': {
    addressesOwnerRecord: true,
    build: ({ owner }) => ({ query: { child_id: String(ownChild(owner)) } }),
  },
  'GET /api/profile/lessons/downloads': {
    addressesOwnerRecord: true,
    build: ({ owner }) => ({ query: { child_id: String(ownChild(owner)) } }),
  },
  'POST /api/profile/child/change_program': {
    addressesOwnerRecord: true,
    build: ({ owner }) => ({ body: { child_id: ownChild(owner), age_group: 'five-six' } }),
  },
  'POST /api/profile/achievements/video': {
    addressesOwnerRecord: true,
    // The first lesson of a program is a preview: every family's child may watch it.
    build: async ({ owner, deps }) => ({
      body: {
        child_id: ownChild(owner),
        lesson_id: await lessonIdOf(deps, PREVIEW_LESSON),
        position_seconds: 5,
      },
    }),
  },
  'POST /api/profile/screen-time/extend': {
    addressesOwnerRecord: true,
    build: ({ owner }) => ({ body: { child_id: ownChild(owner) } }),
  },
  'GET /api/profile/progress': {
    addressesOwnerRecord: true,
    build: ({ owner }) => ({ query: { child_id: String(ownChild(owner)) } }),
  },
  'GET /api/profile/progress-additional': {
    addressesOwnerRecord: true,
    build: async ({ owner, deps }) => ({
      query: {
        child_id: String(ownChild(owner)),
        additional_program_id: String(await additionalProgramIdOf(deps, 'english')),
      },
    }),
  },
  'GET /api/profile/skipped-weeks': {
    addressesOwnerRecord: true,
    build: ({ owner }) => ({ query: { child_id: String(ownChild(owner)) } }),
  },

  'POST /api/store/purchase-initialization': {
    build: async ({ deps }) => ({ body: { ids: [await paidTariffId(deps, 'subscription')] } }),
  },
  'POST /api/store/web/promocode': { build: () => ({ body: { code: 'umnyashki10' } }) },
  'POST /api/profile/unsubscribe': { build: () => ({ body: { reason: 'expensive' } }) },
  'POST /api/profile/unsubscribe/statistics': {
    build: () => ({ body: { reason: 'no-time', comment: 'Уезжаем на дачу' } }),
  },
  'POST /api/profile/pause': { build: () => ({ body: { weeks: 2 } }) },
  'POST /api/user-support': {
    build: () => ({
      body: { name: 'Анна', email: 'anna@example.ru', message: 'Не открывается урок, помогите.' },
    }),
  },
  'POST /api/store/renewal/enable': { build: () => ({ body: { consent: true } }) },
  'POST /api/profile/subscribe-for-mailing': {
    build: async ({ deps }) => ({ body: { categories: [await mailingCategoryId(deps)] } }),
  },
  'POST /api/profile/unsubscribe-for-mailing': {
    build: async ({ deps }) => ({ body: { categories: [await mailingCategoryId(deps)] } }),
  },
  'POST /api/profile/unsubscribe-from-all': { build: () => ({ body: { value: true } }) },
  'POST /api/store/gift/toggle': {
    addressesOwnerRecord: true,
    build: async ({ owner, deps }) => ({
      body: { id: await ownersGift(deps, owner), is_active: false },
    }),
  },
  'POST /api/store/web/gift/send': {
    addressesOwnerRecord: true,
    build: async ({ owner, deps }) => ({
      body: { id: await ownersGift(deps, owner), email: 'friend@example.ru' },
    }),
  },
  'POST /api/payments/sberbank/register/subscription-order': {
    addressesOwnerRecord: true,
    build: async ({ owner, deps }) => ({
      body: { purchase_id: await ownersPurchase(deps, owner, 'subscription') },
    }),
  },
  'POST /api/payments/sberbank/register/gift-order': {
    addressesOwnerRecord: true,
    build: async ({ owner, deps }) => ({
      body: { purchase_id: await ownersPurchase(deps, owner, 'gift') },
    }),
  },
  'POST /api/payments/sberbank/register/child-slot-order': {
    addressesOwnerRecord: true,
    build: async ({ owner, deps }) => ({
      body: { purchase_id: await ownersPurchase(deps, owner, 'child-slot') },
    }),
  },
  'POST /api/payments/sberbank/register/additional-program-order': {
    addressesOwnerRecord: true,
    build: async ({ owner, deps }) => ({
      body: {
        purchase_id: await ownersPurchase(deps, owner, 'additional-program'),
        childIds: [ownChild(owner)],
      },
    }),
  },
  'POST /api/payments/sberbank/register/weeks-order': {
    addressesOwnerRecord: true,
    build: async ({ owner, deps }) => ({
      body: { child_id: ownChild(owner), weeks: [await ownersSkippedWeek(deps, owner)] },
    }),
  },
  'POST /api/payments/sberbank/order-registration': {
    addressesOwnerRecord: true,
    build: async ({ owner, deps }) => ({
      body: { purchase_id: await ownersPurchase(deps, owner, 'subscription') },
    }),
  },
  'POST /api/payments/sberbank/get-order-state': {
    addressesOwnerRecord: true,
    build: async ({ owner, deps }) => ({ body: { order_id: await ownersOrder(deps, owner) } }),
  },
  'GET /api/payments/sberbank/callback': {
    build: async ({ owner, deps }) => ({ query: await signedCallback(deps, owner) }),
  },
  'POST /api/payments/sberbank/callback': {
    build: async ({ owner, deps }) => ({ body: await signedCallback(deps, owner) }),
  },
  ...ADMIN_SAMPLES,
  ...LESSON_ADMIN_SAMPLES,
  ...STAFF_INVITATION_SAMPLES,
  ...CAREGIVER_SAMPLES,
};
