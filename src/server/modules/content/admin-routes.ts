import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { errorBody } from '@contract/api/common';
import { idParams } from '@contract/api/admin';
import {
  adminInstructionResponse,
  adminInstructionsResponse,
  adminLandingResponse,
  adminLandingsResponse,
  adminPageResponse,
  adminPagesResponse,
  instructionInput,
  landingUpdate,
  pageUpdate,
} from '@contract/api/admin-content';
import type { Database } from '../../db/client';
import type { ModuleDeps } from '../../deps';
import { auditActor, recordAudit } from '../admin/audit';
import {
  adminInstruction,
  adminInstructions,
  adminLanding,
  adminLandings,
  adminPage,
  adminPages,
  createInstruction,
  deleteInstruction,
  updateInstruction,
  updateLanding,
  updatePage,
} from './admin-service';

/** Texts are the administrator's and the editor's. */
const EDITORS = ['admin', 'editor'] as const;
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const security = [{ bearer: [] }];

export function contentAdminRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db } = deps;

  /** The change and its audit entry commit together. */
  const audited = <T extends { id: number }>(
    request: FastifyRequest,
    resource: string,
    action: string,
    change: (tx: Database) => Promise<T>,
    summary: (result: T) => object = () => ({}),
  ) =>
    db.transaction(async (tx) => {
      const result = await change(tx);
      await recordAudit(tx, auditActor(request), {
        action,
        resource,
        recordId: result.id,
        summary: summary(result),
      });
      return result;
    });

  return async (app) => {
    const guard = app.requireStaff(EDITORS);

    app.get(
      '/admin/landing',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Тексты главной и страницы оплаты',
          security,
          response: { 200: adminLandingsResponse, ...errors },
        },
      },
      async () => adminLandings(db),
    );
    app.get(
      '/admin/landing/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Тексты раздела',
          security,
          params: idParams,
          response: { 200: adminLandingResponse, ...errors },
        },
      },
      async (request) => ({ data: await adminLanding(db, request.params.id) }),
    );
    app.put(
      '/admin/landing/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Изменить тексты раздела (HTML в ключах *_html очищается)',
          security,
          params: idParams,
          body: landingUpdate,
          response: { 200: adminLandingResponse, ...errors },
        },
      },
      async (request) => ({
        data: await audited(request, 'landing', 'update', (tx) =>
          updateLanding(tx, request.params.id, request.body, deps.clock()),
        ),
      }),
    );

    app.get(
      '/admin/pages',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Страницы: документы, «О школе», FAQ',
          security,
          response: { 200: adminPagesResponse, ...errors },
        },
      },
      async () => adminPages(db),
    );
    app.get(
      '/admin/pages/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Страница',
          security,
          params: idParams,
          response: { 200: adminPageResponse, ...errors },
        },
      },
      async (request) => ({ data: await adminPage(db, request.params.id) }),
    );
    app.put(
      '/admin/pages/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Изменить страницу (HTML очищается)',
          security,
          params: idParams,
          body: pageUpdate,
          response: { 200: adminPageResponse, ...errors },
        },
      },
      async (request) => ({
        data: await audited(
          request,
          'pages',
          'update',
          (tx) => updatePage(tx, request.params.id, request.body, deps.clock()),
          (page) => ({ slug: page.slug, version: page.version }),
        ),
      }),
    );

    app.get(
      '/admin/instructions',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Инструкции раздела «Помощь»',
          security,
          response: { 200: adminInstructionsResponse, ...errors },
        },
      },
      async () => adminInstructions(db),
    );
    app.get(
      '/admin/instructions/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Инструкция',
          security,
          params: idParams,
          response: { 200: adminInstructionResponse, ...errors },
        },
      },
      async (request) => ({ data: await adminInstruction(db, request.params.id) }),
    );
    app.post(
      '/admin/instructions',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Новая инструкция',
          security,
          body: instructionInput,
          response: { 201: adminInstructionResponse, ...errors },
        },
      },
      async (request, reply) => {
        const data = await audited(
          request,
          'instructions',
          'create',
          (tx) => createInstruction(tx, request.body, deps.clock()),
          (row) => ({ slug: row.slug }),
        );
        return reply.status(201).send({ data });
      },
    );
    app.put(
      '/admin/instructions/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Изменить инструкцию',
          security,
          params: idParams,
          body: instructionInput,
          response: { 200: adminInstructionResponse, ...errors },
        },
      },
      async (request) => ({
        data: await audited(
          request,
          'instructions',
          'update',
          (tx) => updateInstruction(tx, request.params.id, request.body, deps.clock()),
          (row) => ({ slug: row.slug }),
        ),
      }),
    );
    app.delete(
      '/admin/instructions/:id',
      {
        onRequest: guard,
        schema: {
          tags: ['admin'],
          summary: 'Удалить инструкцию',
          security,
          params: idParams,
          response: { 200: adminInstructionResponse, ...errors },
        },
      },
      async (request) => ({
        data: await audited(
          request,
          'instructions',
          'delete',
          (tx) => deleteInstruction(tx, request.params.id),
          (row) => ({ slug: row.slug }),
        ),
      }),
    );
  };
}
