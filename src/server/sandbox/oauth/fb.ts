// Facebook Login sandbox (src/server/integrations/oauth/README.md): the dialog (consent screen) and the Graph calls the school
// makes — GET /graph/oauth/access_token and GET /graph/me. Mounted at /sandbox/oauth/fb outside production.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ModuleDeps } from '../../deps';
import { appSecretProof } from '../../integrations/oauth/facebook';
import { FB_LOOK } from './consent-page';
import { registerConsentDialog, type ConsentDialog } from './dialog';
import { stringFields } from './fields';
import { ACCESS_TOKEN_TTL_MS, grantSigner, redeemCode } from './grants';
import { findPerson } from './people';

/** Graph API errors: `{error: {message, type, code, fbtrace_id}}` with HTTP 400. */
function graphError(reply: FastifyReply, code: number, message: string) {
  return reply.status(400).send({
    error: { message, type: 'OAuthException', code, fbtrace_id: randomBytes(8).toString('hex') },
  });
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function facebookSandbox(
  deps: Pick<ModuleDeps, 'db' | 'clock' | 'config'>,
): FastifyPluginAsync {
  const { db, clock, config } = deps;
  const signer = grantSigner('fb', config.fb.clientSecret);
  const dialog: ConsentDialog = {
    network: 'fb',
    look: FB_LOOK,
    clientId: config.fb.clientId,
    publicUrl: config.publicUrl,
    pkce: false,
    signer,
    denied: {
      error: 'access_denied',
      error_code: '200',
      error_description: 'Permissions error',
      error_reason: 'user_denied',
    },
  };

  return async (app) => {
    // The real dialog lives at …/dialog/oauth; the demo configuration points at …/dialog.
    for (const path of ['/dialog', '/dialog/oauth']) {
      registerConsentDialog(app, { db, clock }, dialog, path);
    }

    app.get('/graph/oauth/access_token', async (request, reply) => {
      const query = stringFields(request.query);
      if (
        query.client_id !== config.fb.clientId ||
        !sameText(query.client_secret ?? '', config.fb.clientSecret)
      ) {
        return graphError(reply, 1, 'Error validating client secret.');
      }
      const grant = signer.verify(query.code ?? '', 'code', clock().getTime());
      if (!grant) return graphError(reply, 100, 'Invalid verification code format.');
      if (!(await redeemCode(db, 'fb', grant))) {
        return graphError(reply, 100, 'This authorization code has been used.');
      }
      if (query.redirect_uri !== grant.redirectUri) {
        return graphError(
          reply,
          100,
          'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        );
      }
      return {
        access_token: signer.sign({
          kind: 'access',
          person: grant.person,
          clientId: grant.clientId,
          scope: grant.scope,
          expiresAt: clock().getTime() + ACCESS_TOKEN_TTL_MS,
        }),
        token_type: 'bearer',
        expires_in: ACCESS_TOKEN_TTL_MS / 1000,
      };
    });

    app.get('/graph/me', async (request, reply) => {
      const query = stringFields(request.query);
      const token = query.access_token ?? '';
      const grant = signer.verify(token, 'access', clock().getTime());
      const person = grant ? findPerson(grant.person) : undefined;
      if (!grant || !person) return graphError(reply, 190, 'Invalid OAuth access token data.');
      const proof = query.appsecret_proof;
      if (proof !== undefined && !sameText(proof, appSecretProof(token, config.fb.clientSecret))) {
        return graphError(reply, 100, 'Invalid appsecret_proof provided in the API argument');
      }
      const fields = (query.fields ?? 'id,name').split(',').map((f) => f.trim());
      const me: Record<string, string> = { id: person.fbId };
      if (fields.includes('name')) me.name = `${person.firstName} ${person.lastName}`;
      if (fields.includes('email') && grant.scope.includes('email') && person.email) {
        me.email = person.email;
      }
      return me;
    });
  };
}
