// The back office's texts: the landing and payment page sections, the pages (documents, «О школе», FAQ)
// and the help instructions. Sanitising, the rules and the audit records are in admin-service.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import type { ModuleDeps } from '../../deps';
import { auditActor } from '../../shared/audit';
import {
  adminInstruction,
  adminInstructions,
  adminLanding,
  adminLandings,
  adminPage,
  adminPages,
  addInstruction,
  removeInstruction,
  saveInstruction,
  saveLanding,
  savePage,
} from './admin-service';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const security = [{ bearer: [] }];

export function contentAdminRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db } = deps;

  return async (app) => {
    const guard = app.requireStaff('texts');

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
        data: await saveLanding(
          db,
          auditActor(request),
          request.params.id,
          request.body,
          deps.clock(),
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
        data: await savePage(
          db,
          auditActor(request),
          request.params.id,
          request.body,
          deps.clock(),
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
        const data = await addInstruction(db, auditActor(request), request.body, deps.clock());
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
        data: await saveInstruction(
          db,
          auditActor(request),
          request.params.id,
          request.body,
          deps.clock(),
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
        data: await removeInstruction(db, auditActor(request), request.params.id),
      }),
    );
  };
}
