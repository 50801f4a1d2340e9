// The back office's mailing: categories (their subscribers and those who left) and campaigns — drafts,
// sending, cancelling and the log of letters (admin-service.ts) — and a family's weekly letter: its preview
// and «send now», run by those who run families (weekly-letter-admin.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contract/api/common';
import {
  adminCampaignResponse,
  adminCampaignsResponse,
  adminListQuery,
  adminMailingCategoriesResponse,
  adminMailingCategoryResponse,
  campaignDeliveriesResponse,
  campaignInput,
  idParams,
  mailingCategoriesQuery,
  mailingCategoryUpdate,
  weeklyLetterPreviewResponse,
} from '@contract/api/admin';
import { okResponse } from '@contract/api/auth';
import { staffMay } from '@contract/staff-access';
import type { ModuleDeps } from '../../deps';
import { currentSession } from '../../plugins/auth';
import { auditActor } from '../../shared/audit';
import { listMeta } from '../../shared/list';
import {
  adminCategories,
  campaignDeliveries,
  categoryById,
  createCampaign,
  getCampaign,
  listCampaigns,
  runCampaign,
  updateCampaign,
  updateCategory,
} from './admin-service';
import { sendWeeklyLetterNow, weeklyLetterPreview } from './weekly-letter-admin';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const security = [{ bearer: [] }];

export function mailingAdminRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const guard = app.requireStaff('mailing');

    app.get(
      '/admin/mailing-categories',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Категории рассылок: подписчики и отписавшиеся',
          description: 'requires_consent=true — только рекламные категории (в них пишут кампании).',
          security,
          querystring: mailingCategoriesQuery,
          response: { 200: adminMailingCategoriesResponse, ...errors },
        },
      },
      async (request) => {
        const filter = request.query.requires_consent;
        const data = await adminCategories(
          db,
          filter === undefined ? undefined : { requiresConsent: filter === 'true' },
        );
        return { data, meta: listMeta({ page: 1, per_page: 100, order: 'ASC' }, data.length) };
      },
    );

    app.get(
      '/admin/mailing-categories/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Категория рассылки',
          security,
          params: idParams,
          response: { 200: adminMailingCategoryResponse, ...errors },
        },
      },
      async (request) => ({ data: await categoryById(db, request.params.id) }),
    );

    app.put(
      '/admin/mailing-categories/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Название и описание категории рассылки',
          security,
          params: idParams,
          body: mailingCategoryUpdate,
          response: { 200: adminMailingCategoryResponse, ...errors },
        },
      },
      async (request) => ({
        data: await updateCategory(
          db,
          auditActor(request),
          request.params.id,
          request.body,
          deps.clock(),
        ),
      }),
    );

    app.get(
      '/admin/campaigns',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Рассылки-кампании со счётчиками отправки',
          security,
          querystring: adminListQuery,
          response: { 200: adminCampaignsResponse, ...errors },
        },
      },
      async (request) => listCampaigns(db, request.query),
    );

    app.get(
      '/admin/campaigns/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Кампания',
          security,
          params: idParams,
          response: { 200: adminCampaignResponse, ...errors },
        },
      },
      async (request) => ({ data: await getCampaign(db, request.params.id) }),
    );

    app.post(
      '/admin/campaigns',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Новая кампания (черновик)',
          security,
          body: campaignInput,
          response: { 201: adminCampaignResponse, ...errors },
        },
      },
      async (request, reply) => {
        const data = await createCampaign(db, auditActor(request), request.body, deps.clock());
        return reply.status(201).send({ data });
      },
    );

    app.put(
      '/admin/campaigns/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Изменить черновик кампании',
          security,
          params: idParams,
          body: campaignInput,
          response: { 200: adminCampaignResponse, ...errors },
        },
      },
      async (request) => ({
        data: await updateCampaign(
          db,
          auditActor(request),
          request.params.id,
          request.body,
          deps.clock(),
        ),
      }),
    );

    for (const action of ['send', 'cancel'] as const) {
      app.post(
        `/admin/campaigns/:id/${action}`,
        {
          onRequest: guard,
          schema: {
            tags: ['admin'],
            summary:
              action === 'send'
                ? 'Отправить кампанию всем подписчикам категории (в очередь, с постоянной скоростью)'
                : 'Остановить отправку: неотправленные письма не уйдут',
            security,
            params: idParams,
            response: { 200: adminCampaignResponse, ...errors },
          },
        },
        async (request) => ({
          data: await runCampaign(db, auditActor(request), request.params.id, action, deps.clock()),
        }),
      );
    }

    const familiesGuard = app.requireStaff('families');
    app.get(
      '/admin/families/:id/digest',
      {
        onRequest: familiesGuard,
        schema: {
          tags: ['admin'],
          summary: 'Письмо недели семьи, каким оно ушло бы сейчас, или почему его не будет',
          security,
          params: idParams,
          response: { 200: weeklyLetterPreviewResponse, ...errors },
        },
      },
      async (request) => ({
        data: await weeklyLetterPreview(db, deps.config, request.params.id, deps.clock()),
      }),
    );
    app.post(
      '/admin/families/:id/digest',
      {
        onRequest: familiesGuard,
        schema: {
          tags: ['admin'],
          summary: 'Отправить семье письмо недели сейчас (в очередь рассылки)',
          security,
          params: idParams,
          response: { 202: okResponse, ...errors },
        },
      },
      async (request, reply) => {
        await sendWeeklyLetterNow(
          db,
          deps.config,
          auditActor(request),
          request.params.id,
          deps.clock(),
        );
        return reply.code(202).send({ data: { status: 'ok' as const } });
      },
    );

    app.get(
      '/admin/campaigns/:id/deliveries',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Журнал отправки кампании: письмо каждому получателю',
          security,
          params: idParams,
          querystring: adminListQuery,
          response: { 200: campaignDeliveriesResponse, ...errors },
        },
      },
      async (request) =>
        campaignDeliveries(
          db,
          request.params.id,
          request.query,
          staffMay(currentSession(request).user.role, 'mailing-addresses'),
        ),
    );
  };
}
