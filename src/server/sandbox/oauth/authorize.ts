// The authorize request both sandbox providers accept, checked like the real ones: an unknown client or a
// redirect address outside the school is shown an error page (never redirected to); other mistakes go
// back to the school as ?error=invalid_request.

export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  scope: string[];
  /** VK ID (PKCE S256). */
  codeChallenge?: string;
  /** The parameters, as received, to carry through the consent form. */
  params: Record<string, string>;
}

export type AuthorizeCheck =
  | { ok: true; request: AuthorizeRequest }
  | { ok: false; fatal: string }
  | { ok: false; redirect: string };

const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 2048 ? value : undefined;
}

export function withParams(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url.toString();
}

export function checkAuthorize(
  input: Record<string, unknown>,
  options: { clientId: string; publicUrl: string; pkce: boolean },
): AuthorizeCheck {
  const clientId = text(input.client_id);
  const redirectUri = text(input.redirect_uri);
  if (clientId !== options.clientId) {
    return { ok: false, fatal: 'Неизвестное приложение (client_id).' };
  }
  if (!redirectUri || !redirectUri.startsWith(`${options.publicUrl}/`)) {
    return { ok: false, fatal: 'Адрес возврата (redirect_uri) не зарегистрирован для приложения.' };
  }
  const state = text(input.state) ?? '';
  const fail = (description: string): AuthorizeCheck => ({
    ok: false,
    redirect: withParams(redirectUri, {
      error: 'invalid_request',
      error_description: description,
      state,
    }),
  });
  if (text(input.response_type) !== 'code') return fail('response_type must be code');
  if (state === '') return fail('state is required');
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    state,
  };
  const scope = text(input.scope) ?? '';
  if (scope) params.scope = scope;
  let codeChallenge: string | undefined;
  if (options.pkce) {
    codeChallenge = text(input.code_challenge);
    const method = text(input.code_challenge_method);
    if (!codeChallenge || !CHALLENGE.test(codeChallenge)) return fail('code_challenge is invalid');
    if (method?.toLowerCase() !== 's256') return fail('code_challenge_method must be s256');
    params.code_challenge = codeChallenge;
    params.code_challenge_method = method;
  }
  return {
    ok: true,
    request: {
      clientId,
      redirectUri,
      state,
      scope: scope.split(/[\s,]+/).filter(Boolean),
      codeChallenge,
      params,
    },
  };
}
