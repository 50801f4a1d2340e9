// VK ID sandbox (src/server/integrations/oauth/README.md): /authorize (consent screen), POST /oauth2/auth (code + PKCE → tokens),
// POST /oauth2/user_info. Mounted at /sandbox/oauth/vk only outside production.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ModuleDeps } from '../../deps';
import { CODE_VERIFIER_PATTERN, s256Challenge } from '../../integrations/oauth/pkce';
import type { AuthorizeRequest } from './authorize';
import { VK_LOOK } from './consent-page';
import { registerConsentDialog, type ConsentDialog } from './dialog';
import { stringFields } from './fields';
import { ACCESS_TOKEN_TTL_MS, CODE_TTL_MS, grantSigner, newJti, redeemCode } from './grants';
import { avatarPath, findPerson } from './people';

export function vkIdSandbox(deps: Pick<ModuleDeps, 'db' | 'clock' | 'config'>): FastifyPluginAsync {
  const { db, clock, config } = deps;
  const signer = grantSigner('vk', config.vk.clientSecret);
  const oauthError = (reply: FastifyReply, status: number, error: string, description: string) =>
    reply.status(status).send({ error, error_description: description });

  const dialog: ConsentDialog = {
    network: 'vk',
    look: VK_LOOK,
    clientId: config.vk.clientId,
    publicUrl: config.publicUrl,
    pkce: true,
    signer,
    denied: { error: 'access_denied', error_description: 'User denied access' },
    issue: (auth: AuthorizeRequest) => {
      const deviceId = randomUUID();
      return {
        grant: { codeChallenge: auth.codeChallenge, deviceId },
        redirect: {
          device_id: deviceId,
          expires_in: String(CODE_TTL_MS / 1000),
          type: 'code_v2',
        },
      };
    },
  };

  return async (app) => {
    registerConsentDialog(app, { db, clock }, dialog, '/authorize');

    app.post('/oauth2/auth', async (request, reply) => {
      const form = stringFields(request.body);
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
      const form = stringFields(request.body);
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
