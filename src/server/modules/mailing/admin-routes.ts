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
} from '@contract/api/admin';
import type { ModuleDeps } from '../../deps';
import { currentSession } from '../../plugins/auth';
import { auditActor, recordAudit } from '../admin/audit';
import { listMeta } from '../admin/list';
import {
  CATEGORY_NOT_FOUND,
  adminCategories,
  campaignDeliveries,
  createCampaign,
  getCampaign,
  listCampaigns,
  updateCampaign,
  updateCategory,
} from './admin-service';
import { cancelCampaign, startCampaign } from './campaigns';
import { notFound } from '../../plugins/errors';

/** Mailing is written by the administrator and the editor (a campaign is content); support only reads families. */
const WRITERS = ['admin', 'editor'] as const;
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const security = [{ bearer: [] }];

export function mailingAdminRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const guard = app.requireStaff(WRITERS);

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
      async (request) => {
        const found = (await adminCategories(db)).find((c) => c.id === request.params.id);
        if (!found) throw notFound(CATEGORY_NOT_FOUND);
        return { data: found };
      },
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
      async (request) => {
        const data = await db.transaction(async (tx) => {
          const updated = await updateCategory(tx, request.params.id, request.body, deps.clock());
          await recordAudit(tx, auditActor(request), {
            action: 'update',
            resource: 'mailing-categories',
            recordId: request.params.id,
            summary: { title: request.body.title },
          });
          return updated;
        });
        return { data };
      },
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
        const actor = auditActor(request);
        const data = await db.transaction(async (tx) => {
          const created = await createCampaign(tx, request.body, actor.id, deps.clock());
          await recordAudit(tx, actor, {
            action: 'create',
            resource: 'campaigns',
            recordId: created.id,
            summary: { subject: created.subject, category_id: created.category_id },
          });
          return created;
        });
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
      async (request) => {
        const data = await db.transaction(async (tx) => {
          const updated = await updateCampaign(tx, request.params.id, request.body, deps.clock());
          await recordAudit(tx, auditActor(request), {
            action: 'update',
            resource: 'campaigns',
            recordId: request.params.id,
            summary: { subject: updated.subject },
          });
          return updated;
        });
        return { data };
      },
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
        async (request) => {
          const id = request.params.id;
          await getCampaign(db, id);
          const now = deps.clock();
          await db.transaction(async (tx) => {
            const summary =
              action === 'send'
                ? await startCampaign(tx, id, now)
                : await cancelCampaign(tx, id, now);
            await recordAudit(tx, auditActor(request), {
              action,
              resource: 'campaigns',
              recordId: id,
              summary: summary ?? {},
            });
          });
          return { data: await getCampaign(db, id) };
        },
      );
    }

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
          currentSession(request).user.role === 'admin',
        ),
    );
  };
}
