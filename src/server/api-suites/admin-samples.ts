// Minimal requests of the back office's calls. None names A's data: staff are admitted to these calls,
// so A's e-mail or surname in an answer would only mean the sample put it there.
import { eq } from 'drizzle-orm';
import {
  instructions,
  landingContents,
  mailingCampaigns,
  mailingCategories,
  pages,
  paymentOrders,
  promoCodes,
  purchases,
  supportRequests,
  users,
} from '../db/schema/index';
import { randomToken } from '../modules/auth/tokens';
import { CATALOG_ADMIN_SAMPLES } from './catalog-admin-samples';
import type { FixtureDeps } from './families';
import { FAMILY_PASSWORD } from './families';
import type { Sample } from './sample';

async function categoryId(deps: FixtureDeps): Promise<number> {
  const [row] = await deps.db
    .select({ id: mailingCategories.id })
    .from(mailingCategories)
    .where(eq(mailingCategories.slug, 'news'));
  if (!row) throw new Error('the seed has no news category');
  return row.id;
}

async function campaign(deps: FixtureDeps, status: 'draft' | 'sending'): Promise<string> {
  const [row] = await deps.db
    .insert(mailingCampaigns)
    .values({
      categoryId: await categoryId(deps),
      subject: 'Новые уроки',
      body: 'Добавили уроки про зиму.',
      status,
    })
    .returning({ id: mailingCampaigns.id });
  if (!row) throw new Error('the campaign was not inserted');
  return String(row.id);
}

async function supportRequest(deps: FixtureDeps): Promise<string> {
  const [row] = await deps.db
    .insert(supportRequests)
    .values({ name: 'Гость', email: 'guest@example.ru', message: 'Не открывается урок.' })
    .returning({ id: supportRequests.id });
  if (!row) throw new Error('the request was not inserted');
  return String(row.id);
}

const campaignBody = async (deps: FixtureDeps) => ({
  category_id: await categoryId(deps),
  subject: 'Зимние уроки',
  body: 'Мы добавили двенадцать новых уроков про зиму.',
});

async function landingId(deps: FixtureDeps): Promise<string> {
  const [row] = await deps.db
    .select({ id: landingContents.id })
    .from(landingContents)
    .where(eq(landingContents.key, 'payment'));
  if (!row) throw new Error('the seed has no payment texts');
  return String(row.id);
}

async function pageId(deps: FixtureDeps): Promise<string> {
  const [row] = await deps.db.select({ id: pages.id }).from(pages).where(eq(pages.slug, 'team'));
  if (!row) throw new Error('the seed has no team page');
  return String(row.id);
}

const instructionBody = () => ({
  slug: `instrukciya-${randomToken()
    .slice(0, 8)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}`,
  title: 'Как смотреть уроки',
  body_html: '<p>Откройте «Видео-уроки».</p>',
  position: 5,
});

async function instructionId(deps: FixtureDeps): Promise<string> {
  const [row] = await deps.db
    .insert(instructions)
    .values({ ...instructionBody(), bodyHtml: '<p>Текст</p>' })
    .returning({ id: instructions.id });
  if (!row) throw new Error('the instruction was not inserted');
  return String(row.id);
}

/** An account of its own for the calls that act on one: never A, whom the matrix guards. */
async function strangerId(deps: FixtureDeps): Promise<string> {
  const [row] = await deps.db
    .insert(users)
    .values({
      email: `stranger-${randomToken().slice(0, 10).toLowerCase()}@example.ru`,
      name: 'Гость',
    })
    .returning({ id: users.id });
  if (!row) throw new Error('the account was not inserted');
  return String(row.id);
}

async function strangerOrderId(deps: FixtureDeps): Promise<string> {
  const userId = Number(await strangerId(deps));
  const [purchase] = await deps.db
    .insert(purchases)
    .values({ userId, type: 'subscription', lines: [], amount: 99_000, total: 99_000 })
    .returning({ id: purchases.id });
  const [order] = await deps.db
    .insert(paymentOrders)
    .values({
      purchaseId: purchase?.id ?? 0,
      userId,
      orderNumber: `matrix-${randomToken().slice(0, 12)}`,
      amount: 99_000,
    })
    .returning({ id: paymentOrders.id });
  if (!order) throw new Error('the order was not inserted');
  return String(order.id);
}

const promoBody = () => ({
  code: `MATRIX${randomToken()
    .slice(0, 8)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, 'X')}`,
  kind: 'percent',
  value: 15,
  purchase_types: ['subscription'],
  valid_from: null,
  valid_until: '2027-01-31',
  max_uses: 100,
  is_active: true,
});

async function promoId(deps: FixtureDeps): Promise<string> {
  const body = promoBody();
  const [row] = await deps.db
    .insert(promoCodes)
    .values({ code: body.code, kind: 'percent', value: 15 })
    .returning({ id: promoCodes.id });
  if (!row) throw new Error('the promo code was not inserted');
  return String(row.id);
}

export const ADMIN_SAMPLES: Record<string, Sample> = {
  ...CATALOG_ADMIN_SAMPLES,
  'POST /api/admin/promo-codes': { build: () => ({ body: promoBody() }) },
  'GET /api/admin/promo-codes/{id}': {
    build: async ({ deps }) => ({ params: { id: await promoId(deps) } }),
  },
  'PUT /api/admin/promo-codes/{id}': {
    build: async ({ deps }) => ({ params: { id: await promoId(deps) }, body: promoBody() }),
  },
  'GET /api/admin/users': { staffSeesFamilies: true, build: () => ({}) },
  'GET /api/admin/orders': { staffSeesFamilies: true, build: () => ({}) },
  'GET /api/admin/exports/orders.csv': {
    staffSeesFamilies: true,
    build: () => ({ query: { from: '2000-01-01', to: '2100-12-31' } }),
  },
  'GET /api/admin/users/{id}': {
    build: async ({ deps }) => ({ params: { id: await strangerId(deps) } }),
  },
  'POST /api/admin/users/{id}/block': {
    build: async ({ deps }) => ({
      params: { id: await strangerId(deps) },
      body: { blocked: true },
    }),
  },
  'POST /api/admin/users/{id}/password-reset': {
    build: async ({ deps }) => ({ params: { id: await strangerId(deps) } }),
  },
  'GET /api/admin/families/{id}/digest': {
    build: async ({ deps }) => ({ params: { id: await strangerId(deps) } }),
  },
  'POST /api/admin/families/{id}/digest': {
    build: async ({ deps }) => ({ params: { id: await strangerId(deps) } }),
  },
  'PUT /api/admin/users/{id}/role': {
    build: async ({ deps }) => ({
      params: { id: await strangerId(deps) },
      body: { role: 'editor' },
    }),
  },
  'POST /api/admin/users/{id}/subscription/extend': {
    build: async ({ deps }) => ({ params: { id: await strangerId(deps) }, body: { days: 14 } }),
  },
  'POST /api/admin/users/{id}/subscription/end': {
    build: async ({ deps }) => ({ params: { id: await strangerId(deps) } }),
  },
  'GET /api/admin/orders/{id}': {
    build: async ({ deps }) => ({ params: { id: await strangerOrderId(deps) } }),
  },
  'POST /api/admin/orders/{id}/refund': {
    build: async ({ deps }) => ({
      params: { id: await strangerOrderId(deps) },
      body: { reason: 'Родитель передумал' },
    }),
  },
  'GET /api/admin/landing/{id}': {
    build: async ({ deps }) => ({ params: { id: await landingId(deps) } }),
  },
  'PUT /api/admin/landing/{id}': {
    build: async ({ deps }) => ({
      params: { id: await landingId(deps) },
      body: {
        banner_description: 'Описание',
        banner_text: 'Текст',
        video_heading: 'Видео',
        video_link: '',
        video_poster: '',
        promo_button: 'Купить',
        promo_text: 'Промо',
        special_text: 'Особое',
        offer_percent: 10,
        key_values: [{ key: 'footer_html', value: '<p>Подвал</p>' }],
      },
    }),
  },
  'GET /api/admin/pages/{id}': {
    build: async ({ deps }) => ({ params: { id: await pageId(deps) } }),
  },
  'PUT /api/admin/pages/{id}': {
    build: async ({ deps }) => ({
      params: { id: await pageId(deps) },
      body: { title: 'Команда', body_html: '<p>Наши педагоги.</p>', version: '1' },
    }),
  },
  'POST /api/admin/instructions': { build: () => ({ body: instructionBody() }) },
  'GET /api/admin/instructions/{id}': {
    build: async ({ deps }) => ({ params: { id: await instructionId(deps) } }),
  },
  'PUT /api/admin/instructions/{id}': {
    build: async ({ deps }) => ({
      params: { id: await instructionId(deps) },
      body: instructionBody(),
    }),
  },
  'DELETE /api/admin/instructions/{id}': {
    build: async ({ deps }) => ({ params: { id: await instructionId(deps) } }),
  },
  'POST /api/admin/auth/login': {
    build: ({ owner }) => ({ body: { email: owner.email, password: FAMILY_PASSWORD } }),
  },
  'GET /api/admin/mailing-categories/{id}': {
    build: async ({ deps }) => ({ params: { id: String(await categoryId(deps)) } }),
  },
  'PUT /api/admin/mailing-categories/{id}': {
    build: async ({ deps }) => ({
      params: { id: String(await categoryId(deps)) },
      body: { title: 'Новости школы', description: 'Новые программы и уроки.' },
    }),
  },
  'POST /api/admin/campaigns': {
    build: async ({ deps }) => ({ body: await campaignBody(deps) }),
  },
  'GET /api/admin/campaigns/{id}': {
    build: async ({ deps }) => ({ params: { id: await campaign(deps, 'draft') } }),
  },
  'PUT /api/admin/campaigns/{id}': {
    build: async ({ deps }) => ({
      params: { id: await campaign(deps, 'draft') },
      body: await campaignBody(deps),
    }),
  },
  'POST /api/admin/campaigns/{id}/send': {
    build: async ({ deps }) => ({ params: { id: await campaign(deps, 'draft') } }),
  },
  'POST /api/admin/campaigns/{id}/cancel': {
    build: async ({ deps }) => ({ params: { id: await campaign(deps, 'sending') } }),
  },
  'GET /api/admin/campaigns/{id}/deliveries': {
    build: async ({ deps }) => ({ params: { id: await campaign(deps, 'draft') } }),
  },
  'GET /api/admin/support-requests/{id}': {
    build: async ({ deps }) => ({ params: { id: await supportRequest(deps) } }),
  },
  'POST /api/admin/support-requests/{id}/answer': {
    build: async ({ deps }) => ({
      params: { id: await supportRequest(deps) },
      body: { answer: 'Здравствуйте! Обновите страницу, пожалуйста.' },
    }),
  },
};
