import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addEmailBody, okResponse, profileResponse } from '@contract/api/auth';
import { errorBody } from '@contract/api/common';
import {
  DELETE_CONFIRMATION_WORD,
  changePasswordBody,
  deleteAccountBody,
  profileUpdateBody,
} from '@contract/api/profile';
import type { ModuleDeps } from '../../deps';
import { invalidField } from '../../plugins/errors';
import {
  CHANGES_DATA_ON_GET,
  currentFamily,
  currentSession,
  currentUser,
  ownerOnly,
} from '../../plugins/auth';
import { rateLimiter } from '../../plugins/rate-limit';
import { requestEmailAddition } from '../auth';
import { LIMITS } from '../auth';
import {
  WRONG_CURRENT_PASSWORD,
  WRONG_PASSWORD,
  type PasswordCheck,
  changePassword,
  checkDeletionConfirmation,
  deleteAccount,
  deleteChildren,
  deleteLessonStats,
  getProfile,
  updateProfile,
} from './service';

const guarded = { tags: ['profile'], security: [{ bearer: [] }] };
const ok = { data: { status: 'ok' as const } };

export function profileRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  const publicUrl = deps.config.publicUrl;
  const limiter = rateLimiter(deps);

  /**
   * Runs a check of the current password under the limit of wrong ones per parent: counted before the
   * check (parallel guesses cannot all pass), forgiven unless the password was wrong.
   */
  async function underPasswordLimit(
    userId: number,
    reply: FastifyReply,
    check: () => Promise<PasswordCheck>,
  ): Promise<PasswordCheck> {
    const limit = LIMITS.passwordCheckFailuresPerUser;
    const attempt = await limiter.attempt([{ limit, subject: String(userId) }], reply);
    let result: PasswordCheck | undefined;
    try {
      result = await check();
      return result;
    } finally {
      if (result !== 'wrong') await attempt.forgive();
    }
  }

  return async (app) => {
    app.get(
      '/profile/show',
      {
        onRequest: app.requireMember,
        schema: {
          ...guarded,
          summary: 'Профиль родителя или близкого семьи',
          description:
            'family_role: owner — родитель, который оплачивает; caregiver — приглашённый близкий: дети, ' +
            'подписка, регион и час напоминаний у него — семьи, в которую его пригласили.',
          response: { 200: profileResponse, 401: errorBody },
        },
      },
      async (request) => ({
        data: await getProfile({
          db,
          clock,
          userId: currentUser(request).id,
          familyId: currentFamily(request).id,
        }),
      }),
    );

    app.post(
      '/profile/email',
      {
        onRequest: app.requireMember,
        schema: {
          ...guarded,
          summary: 'Добавить адрес почты аккаунту без него (вход через соцсеть без почты)',
          description:
            'На адрес уходит письмо со ссылкой /confirmed?verified_token=… (24 часа); адресом ' +
            'аккаунта он станет, когда по ней перейдут.',
          body: addEmailBody,
          response: {
            200: okResponse,
            401: errorBody,
            409: errorBody,
            422: errorBody,
            429: errorBody,
          },
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        await limiter.consume(LIMITS.addEmailPerUser, String(userId), reply);
        await requestEmailAddition({ db, clock, publicUrl, userId, email: request.body.email });
        return ok;
      },
    );

    app.post(
      '/profile/update',
      {
        onRequest: app.requireMember,
        schema: {
          ...guarded,
          summary: 'Изменить имя, фамилию, отчество, телефон, регион и час напоминаний',
          description:
            'Поля, которых нет в запросе, не меняются. Телефон — российский мобильный, хранится как ' +
            '+7XXXXXXXXXX; пустая строка очищает необязательное поле. Час напоминаний об уроках — с 8 до ' +
            '20 по времени региона (без региона — по московскому).',
          body: profileUpdateBody,
          response: { 200: profileResponse, 401: errorBody, 403: errorBody, 422: errorBody },
        },
      },
      async (request) => {
        const family = currentFamily(request);
        // A caregiver names themselves and sets the family's reminder hour; the region is the owner's.
        if (family.role !== 'owner' && request.body.region_id !== undefined) throw ownerOnly();
        return {
          data: await updateProfile({
            db,
            clock,
            userId: currentUser(request).id,
            familyId: family.id,
            changes: request.body,
          }),
        };
      },
    );

    app.post(
      '/profile/password',
      {
        onRequest: app.requireMember,
        schema: {
          ...guarded,
          summary: 'Сменить пароль (или задать первый, если входили через соцсеть)',
          description: 'Остальные сеансы завершаются; на почту уходит уведомление.',
          body: changePasswordBody,
          response: { 200: okResponse, 401: errorBody, 422: errorBody, 429: errorBody },
        },
      },
      async (request, reply) => {
        const session = currentSession(request);
        const result = await underPasswordLimit(session.user.id, reply, () =>
          changePassword({
            db,
            clock,
            userId: session.user.id,
            sessionId: session.sessionId,
            currentPassword: request.body.current_password,
            password: request.body.password,
          }),
        );
        if (result === 'wrong') throw invalidField('current_password', WRONG_CURRENT_PASSWORD);
        return ok;
      },
    );

    app.get(
      '/profile/deleteChildren',
      {
        onRequest: app.requireUser,
        ...CHANGES_DATA_ON_GET,
        schema: {
          ...guarded,
          summary: 'Удалить всех детей семьи и их статистику',
          response: { 200: okResponse, 401: errorBody },
        },
      },
      async (request) => {
        await deleteChildren({ db, userId: currentUser(request).id });
        return ok;
      },
    );

    app.get(
      '/profile/deleteLessonStats',
      {
        onRequest: app.requireUser,
        ...CHANGES_DATA_ON_GET,
        schema: {
          ...guarded,
          summary: 'Удалить статистику уроков всех детей',
          response: { 200: okResponse, 401: errorBody },
        },
      },
      async (request) => {
        await deleteLessonStats({ db, userId: currentUser(request).id });
        return ok;
      },
    );

    app.post(
      '/profile/delete',
      {
        onRequest: app.requireMember,
        schema: {
          ...guarded,
          summary: 'Удалить аккаунт и все данные детей (152-ФЗ)',
          description:
            'Близкий семьи удаляет только свой аккаунт: дети и подписка остаются у семьи. ' +
            `Подтверждение — пароль, а если пароля нет (вход через соцсеть) — слово ${DELETE_CONFIRMATION_WORD}.`,
          body: deleteAccountBody,
          response: { 200: okResponse, 401: errorBody, 422: errorBody, 429: errorBody },
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        const result = await underPasswordLimit(userId, reply, () =>
          checkDeletionConfirmation({
            db,
            userId,
            password: request.body.password,
            confirm: request.body.confirm,
            word: DELETE_CONFIRMATION_WORD,
          }),
        );
        if (result === 'wrong') throw invalidField('password', WRONG_PASSWORD);
        await deleteAccount({ db, userId });
        return ok;
      },
    );
  };
}
