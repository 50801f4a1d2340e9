// Server-to-server calls to a provider: a timeout, JSON or a clear OAuthProviderError, never a hang.
import { OAuthProviderError } from './provider';

/** A provider that does not answer in this time is treated as failed; the parent can try again. */
export const PROVIDER_TIMEOUT_MS = 10_000;

export interface ProviderResponse {
  status: number;
  body: unknown;
}

async function send(url: string, init: RequestInit): Promise<ProviderResponse> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new OAuthProviderError(`${new URL(url).host} did not answer: ${reason}`);
  }
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    throw new OAuthProviderError(
      `${new URL(url).host} answered ${response.status} with something that is not JSON`,
    );
  }
}

export function postForm(url: string, form: Record<string, string>): Promise<ProviderResponse> {
  return send(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

export function getJson(url: string, query: Record<string, string>): Promise<ProviderResponse> {
  const target = new URL(url);
  for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
  return send(target.toString(), { method: 'GET' });
}
