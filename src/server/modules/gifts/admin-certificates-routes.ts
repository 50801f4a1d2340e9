// Gift certificates in the back office: the administrator and support find one by code or by an address
// and see what became of it; the administrator may cancel one that nobody has activated yet. Support sees
// codes masked. The rules, the race with an activation and the audit record are in
// admin-certificates-service.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@contract/api/admin';
import {
  adminCertificateResponse,
  adminCertificatesResponse,
  certificateCancelBody,
  certificatesListQuery,
} from '@contract/api/admin-catalog';
import { errorBody } from '@contract/api/common';
import type { ModuleDeps } from '../../deps';
import { currentUser } from '../../plugins/auth';
import { auditActor } from '../../shared/audit';
import { listMeta } from '../../shared/list';
import { cancelCertificate, certificateById, listCertificates } from './admin-certificates-service';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const security = [{ bearer: [] }];

export function certificateAdminRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  return async (app) => {
    const read = app.requireStaff('gifts');
    const write = app.requireStaff('gift-cancel');

    app.get(
      '/admin/gift-certificates',
      {
        onRequest: read,
        schema: {
          tags: ['admin'],
          summary:
            'Подарочные сертификаты: по коду, почте покупателя, получателя или активировавшего',
          security,
          querystring: certificatesListQuery,
          response: { 200: adminCertificatesResponse, ...errors },
        },
      },
      async (request) => {
        const isAdmin = currentUser(request).role === 'admin';
        const { rows, total } = await listCertificates(db, clock(), request.query, isAdmin);
        return { data: rows, meta: listMeta(request.query, total) };
      },
    );

    app.get(
      '/admin/gift-certificates/:id',
      {
        onRequest: read,
        schema: {
          tags: ['admin'],
          summary: 'Подарочный сертификат',
          security,
          params: idParams,
          response: { 200: adminCertificateResponse, ...errors },
        },
      },
      async (request) => {
        const isAdmin = currentUser(request).role === 'admin';
        return { data: await certificateById(db, clock(), request.params.id, isAdmin) };
      },
    );

    app.post(
      '/admin/gift-certificates/:id/cancel',
      {
        onRequest: write,
        schema: {
          tags: ['admin'],
          summary: 'Отменить неактивированный сертификат (деньги это не возвращает)',
          description:
            'Код перестаёт действовать сразу. Активированный, истёкший или уже отменённый — 409. ' +
            'Вернуть деньги покупателю — «Вернуть деньги» у заказа: он отменяет сертификат сам.',
          security,
          params: idParams,
          body: certificateCancelBody,
          response: { 200: adminCertificateResponse, ...errors },
        },
      },
      async (request) => ({
        data: await cancelCertificate(
          db,
          auditActor(request),
          clock(),
          request.params.id,
          request.body.reason,
        ),
      }),
    );
  };
}
