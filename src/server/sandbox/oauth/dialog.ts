// What both sandbox providers do alike (src/server/integrations/oauth/README.md): the consent dialog at an authorize address — shown
// on GET, answered by its form's POST — which issues a single-use code and redirects back to the school.
// How the code is redeemed and the person read stays with each provider: the contracts differ there.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SocialNetwork } from '@contract/api/auth';
import type { Database } from '../../db/client';
import type { Clock } from '../../deps';
import {
  checkAuthorize,
  withParams,
  type AuthorizeCheck,
  type AuthorizeRequest,
} from './authorize';
import { consentCsp, consentPage, errorPage, type ProviderLook } from './consent-page';
import { stringFields } from './fields';
import { CODE_TTL_MS, newJti, rememberCode, type CodeGrant, type GrantSigner } from './grants';
import { findPerson } from './people';

export interface ConsentDialog {
  network: SocialNetwork;
  look: ProviderLook;
  clientId: string;
  publicUrl: string;
  pkce: boolean;
  signer: GrantSigner;
  /** The provider's error parameters when the parent presses «Отмена» (state is added). */
  denied: Record<string, string>;
  /** What the provider adds to a code: to the grant, and to the redirect after code and state. */
  issue?: (auth: AuthorizeRequest) => {
    grant: Pick<CodeGrant, 'codeChallenge' | 'deviceId'>;
    redirect: Record<string, string>;
  };
}

/** Serves the dialog at `path` (below the provider's prefix). */
export function registerConsentDialog(
  app: FastifyInstance,
  { db, clock }: { db: Database; clock: Clock },
  dialog: ConsentDialog,
  path: string,
): void {
  const { network, look, signer } = dialog;
  const check = (input: Record<string, unknown>) =>
    checkAuthorize(input, {
      clientId: dialog.clientId,
      publicUrl: dialog.publicUrl,
      pkce: dialog.pkce,
    });

  /** Anything but a usable request: an error page or the error redirect. */
  const refuse = (reply: FastifyReply, result: Exclude<AuthorizeCheck, { ok: true }>) =>
    'fatal' in result
      ? reply.status(400).type('text/html; charset=utf-8').send(errorPage(look, result.fatal))
      : reply.redirect(result.redirect, 302);

  app.get(path, async (request, reply) => {
    const result = check(request.query as Record<string, unknown>);
    if (!result.ok) return refuse(reply, result);
    const { request: auth } = result;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', consentCsp(new URL(auth.redirectUri).origin))
      .send(
        consentPage({
          look,
          action: `${dialog.publicUrl}/sandbox/oauth/${network}${path}`,
          params: auth.params,
          wantsEmail: auth.scope.includes('email'),
        }),
      );
  });

  app.post(path, async (request, reply) => {
    const form = stringFields(request.body);
    const result = check(form);
    if (!result.ok) return refuse(reply, result);
    const { request: auth } = result;
    if (form.decision !== 'allow') {
      return reply.redirect(
        withParams(auth.redirectUri, { ...dialog.denied, state: auth.state }),
        302,
      );
    }
    const person = findPerson(form.person);
    if (!person) {
      return reply
        .status(400)
        .type('text/html; charset=utf-8')
        .send(errorPage(look, 'Выберите, кем войти.'));
    }
    const extra = dialog.issue?.(auth);
    const grant: CodeGrant = {
      kind: 'code',
      person: person.key,
      clientId: auth.clientId,
      redirectUri: auth.redirectUri,
      scope: auth.scope,
      ...extra?.grant,
      jti: newJti(),
      expiresAt: clock().getTime() + CODE_TTL_MS,
    };
    await rememberCode({ db, clock }, network, grant);
    return reply.redirect(
      withParams(auth.redirectUri, {
        code: signer.sign(grant),
        state: auth.state,
        ...extra?.redirect,
      }),
      302,
    );
  });
}
