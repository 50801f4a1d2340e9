// VK ID sandbox (CONTRACTS §3): /authorize (consent screen), POST /oauth2/auth (code + PKCE → tokens),
// POST /oauth2/user_info. Mounted at /sandbox/oauth/vk only outside production.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ModuleDeps } from '../../deps';
import { CODE_VERIFIER_PATTERN, s256Challenge } from '../../integrations/oauth/pkce';
import { checkAuthorize, withParams, type AuthorizeCheck } from './authorize';
import { VK_LOOK, consentCsp, consentPage, errorPage } from './consent-page';
import {
  ACCESS_TOKEN_TTL_MS,
  CODE_TTL_MS,
  grantSigner,
  newJti,
  redeemCode,
  rememberCode,
} from './grants';
import { avatarPath, findPerson } from './people';

type Form = Record<string, string | undefined>;

export function vkIdSandbox(deps: Pick<ModuleDeps, 'db' | 'clock' | 'config'>): FastifyPluginAsync {
  const { db, clock, config } = deps;
  const signer = grantSigner('vk', config.vk.clientSecret);
  const check = (input: Record<string, unknown>) =>
    checkAuthorize(input, {
      clientId: config.vk.clientId,
      publicUrl: config.publicUrl,
      pkce: true,
    });

  const oauthError = (reply: FastifyReply, status: number, error: string, description: string) =>
    reply.status(status).send({ error, error_description: description });

  /** Anything but a usable request: an error page or the error redirect. */
  const refuse = (reply: FastifyReply, result: Exclude<AuthorizeCheck, { ok: true }>) =>
    'fatal' in result
      ? reply.status(400).type('text/html; charset=utf-8').send(errorPage(VK_LOOK, result.fatal))
      : reply.redirect(result.redirect, 302);

  return async (app) => {
    app.get('/authorize', async (request, reply) => {
      const result = check(request.query as Record<string, unknown>);
      if (!result.ok) return refuse(reply, result);
      const { request: auth } = result;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', consentCsp(new URL(auth.redirectUri).origin))
        .send(
          consentPage({
            look: VK_LOOK,
            action: `${config.publicUrl}/sandbox/oauth/vk/authorize`,
            params: auth.params,
            wantsEmail: auth.scope.includes('email'),
          }),
        );
    });

    app.post('/authorize', async (request, reply) => {
      const form = (request.body ?? {}) as Form;
      const result = check(form);
      if (!result.ok) return refuse(reply, result);
      const { request: auth } = result;
      if (form.decision !== 'allow') {
        return reply.redirect(
          withParams(auth.redirectUri, {
            error: 'access_denied',
            error_description: 'User denied access',
            state: auth.state,
          }),
          302,
        );
      }
      const person = findPerson(form.person);
      if (!person) {
        return reply
          .status(400)
          .type('text/html; charset=utf-8')
          .send(errorPage(VK_LOOK, 'Выберите, кем войти.'));
      }
      const deviceId = randomUUID();
      const grant = {
        kind: 'code' as const,
        person: person.key,
        clientId: auth.clientId,
        redirectUri: auth.redirectUri,
        scope: auth.scope,
        codeChallenge: auth.codeChallenge,
        deviceId,
        jti: newJti(),
        expiresAt: clock().getTime() + CODE_TTL_MS,
      };
      await rememberCode({ db, clock }, 'vk', grant);
      return reply.redirect(
        withParams(auth.redirectUri, {
          code: signer.sign(grant),
          state: auth.state,
          device_id: deviceId,
          expires_in: String(CODE_TTL_MS / 1000),
          type: 'code_v2',
        }),
        302,
      );
    });

    app.post('/oauth2/auth', async (request, reply) => {
      const form = (request.body ?? {}) as Form;
      if (form.grant_type !== 'authorization_code') {
        return oauthError(reply, 400, 'unsupported_grant_type', 'grant_type is not supported');
      }
      const grant = signer.verify(form.code ?? '', 'code', clock().getTime());
      if (!grant) return oauthError(reply, 400, 'invalid_grant', 'code is invalid or expired');
      // Burnt on first use, whatever follows: a stolen code gets one try at most.
      if (!(await redeemCode(db, 'vk', grant))) {
        return oauthError(reply, 400, 'invalid_grant', 'code is already used');
      }
      if (form.client_id !== grant.clientId) {
        return oauthError(reply, 400, 'invalid_client', 'client_id does not match');
      }
      if (form.redirect_uri !== grant.redirectUri) {
        return oauthError(reply, 400, 'invalid_grant', 'redirect_uri does not match');
      }
      if (form.device_id !== grant.deviceId) {
        return oauthError(reply, 400, 'invalid_grant', 'device_id does not match');
      }
      const verifier = form.code_verifier ?? '';
      if (
        !CODE_VERIFIER_PATTERN.test(verifier) ||
        s256Challenge(verifier) !== grant.codeChallenge
      ) {
        return oauthError(reply, 400, 'invalid_grant', 'code_verifier is invalid');
      }
      const person = findPerson(grant.person);
      if (!person) return oauthError(reply, 400, 'invalid_grant', 'unknown user');
      const now = clock().getTime();
      const access = signer.sign({
        kind: 'access',
        person: person.key,
        clientId: grant.clientId,
        scope: grant.scope,
        expiresAt: now + ACCESS_TOKEN_TTL_MS,
      });
      return {
        access_token: access,
        refresh_token: `sandbox-refresh.${newJti()}`,
        id_token: `sandbox-id-token.${newJti()}`,
        token_type: 'Bearer',
        expires_in: ACCESS_TOKEN_TTL_MS / 1000,
        user_id: person.vkId,
        state: form.state ?? '',
        scope: grant.scope.join(' '),
      };
    });

    app.post('/oauth2/user_info', async (request, reply) => {
      const form = (request.body ?? {}) as Form;
      const grant = signer.verify(form.access_token ?? '', 'access', clock().getTime());
      if (!grant || grant.clientId !== form.client_id) {
        return oauthError(reply, 401, 'invalid_token', 'access_token is invalid or expired');
      }
      const person = findPerson(grant.person);
      if (!person) return oauthError(reply, 401, 'invalid_token', 'unknown user');
      return {
        user: {
          user_id: String(person.vkId),
          first_name: person.firstName,
          last_name: person.lastName,
          avatar: `${config.publicUrl}${avatarPath(person)}`,
          ...(grant.scope.includes('email') && person.email ? { email: person.email } : {}),
        },
      };
    });
  };
}
