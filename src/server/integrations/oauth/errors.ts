import { OAuthProviderError } from './provider';

export function getField(body: unknown, key: string): unknown {
  return typeof body === 'object' && body !== null
    ? (body as Record<string, unknown>)[key]
    : undefined;
}

/**
 * A log-worthy error for a refused call: the provider's error code and description (VK ID:
 * `{error, error_description}`; Graph API: `{error: {message, type, code}}`), never tokens.
 */
export function providerError(call: string, status: number, body: unknown): OAuthProviderError {
  const error = getField(body, 'error');
  let detail: string;
  if (typeof error === 'string') {
    const description = getField(body, 'error_description');
    detail = typeof description === 'string' ? `${error}: ${description}` : error;
  } else if (typeof error === 'object' && error !== null) {
    const message = getField(error, 'message');
    const code = getField(error, 'code');
    detail = `${String(code ?? '')} ${typeof message === 'string' ? message : ''}`.trim();
  } else {
    detail = 'unexpected answer';
  }
  return new OAuthProviderError(`${call} failed (HTTP ${status}): ${detail.slice(0, 300)}`);
}
