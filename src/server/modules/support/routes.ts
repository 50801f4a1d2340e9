import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CAPTCHA_ACTIONS } from '@contract/api/auth';
import { errorBody } from '@contract/api/common';
import { ERROR_CODES } from '@contract/api/values';
import { supportBody, supportResponse } from '@contract/api/support';
import type { ModuleDeps } from '../../deps';
import { invalidField } from '../../plugins/errors';
import { optionalSession } from '../../plugins/auth';
import { limitPerIp, rateLimiter, type RateLimit } from '../../plugins/rate-limit';
import { CAPTCHA_FAILED } from '../auth';
import { answerAddress, createSupportRequest } from './service';

const HOUR = 60 * 60_000;

/** A family has no reason to write more often; a flood from one place stops here. */
export const SUPPORT_LIMITS = {
  perIp: { name: 'support-ip', max: 10, windowMs: HOUR },
  perUser: { name: 'support-user', max: 5, windowMs: HOUR },
  /** Receipts to an address nobody confirmed: nobody's mailbox is filled from the school. */
  perRecipient: { name: 'support-recipient', max: 3, windowMs: 24 * HOUR },
} as const satisfies Record<string, RateLimit>;

/** The limiter's key for an address: its hash, so no address is kept in the limits' store. */
const recipientKey = (email: string) => createHash('sha256').update(email).digest('hex');

export function supportRoutes(deps: ModuleDeps): FastifyPluginAsyncZod {
  const limiter = rateLimiter(deps);
  return async (app) => {
    app.post(
      '/user-support',
      {
        onRequest: limitPerIp(deps, SUPPORT_LIMITS.perIp),
        schema: {
          tags: ['support'],
          summary: 'Написать в службу поддержки',
          description:
            'Гость указывает почту; у вошедшего родителя ответ придёт на почту аккаунта, и она должна быть подтверждена (409 email_unconfirmed).',
          body: supportBody,
          response: {
            201: supportResponse,
            409: errorBody,
            422: errorBody,
            429: errorBody,
          },
        },
      },
      async (request, reply) => {
        const session = await optionalSession(request, deps);
        const userId = session?.user.id ?? null;
        const { captcha_token, name, email, message } = request.body;
        // Refused before any count: an unconfirmed parent is told so however often they try.
        const address = await answerAddress(deps.db, userId, email);
        if (userId !== null) await limiter.consume(SUPPORT_LIMITS.perUser, String(userId), reply);
        if (!address.confirmed) {
          await limiter.consume(SUPPORT_LIMITS.perRecipient, recipientKey(address.email), reply);
        }
        if (!(await deps.captcha.verify(captcha_token, CAPTCHA_ACTIONS.support, request.ip))) {
          throw invalidField('captcha_token', CAPTCHA_FAILED, ERROR_CODES.captchaFailed);
        }
        const receipt = await createSupportRequest(deps.db, {
          name,
          message,
          userId,
          address,
          supportEmail: deps.config.supportEmail,
        });
        request.log.info({ support_request: receipt.id }, 'support request received');
        return reply.status(201).send({ data: receipt });
      },
    );
  };
}
