// The back office's calls to /api: the staff token (kept apart from a parent's), and errors turned into
// react-admin's HttpError with the server's Russian text and field errors for the forms.
import { HttpError } from 'react-admin';

export const TOKEN_KEY = 'admin-token';

export const adminToken = (): string | null => window.localStorage.getItem(TOKEN_KEY);
export const setAdminToken = (token: string | null): void => {
  if (token) window.localStorage.setItem(TOKEN_KEY, token);
  else window.localStorage.removeItem(TOKEN_KEY);
};

interface ErrorBody {
  code?: string;
  message?: string;
  errors?: Record<string, string[]>;
}

const NETWORK = 'Нет связи с сервером. Проверьте интернет и попробуйте ещё раз.';

export async function call<T>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const token = adminToken();
  let response: Response;
  try {
    response = await fetch(`/api/${path}`, {
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new HttpError(NETWORK, 0);
  }
  const text = await response.text();
  const body = text ? (JSON.parse(text) as unknown) : {};
  if (!response.ok) {
    const error = body as ErrorBody;
    const fields = Object.fromEntries(
      Object.entries(error.errors ?? {})
        .filter(([field]) => field !== 'error')
        .map(([field, messages]) => [field, messages[0] ?? '']),
    );
    throw new HttpError(error.message ?? `Ошибка ${response.status}`, response.status, {
      code: error.code,
      errors: fields,
    });
  }
  return body as T;
}

/** A file from /api (a CSV export): the bytes, or the server's Russian message as an HttpError. */
export async function download(path: string): Promise<Blob> {
  const token = adminToken();
  let response: Response;
  try {
    response = await fetch(`/api/${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new HttpError(NETWORK, 0);
  }
  if (!response.ok) {
    const text = await response.text();
    const body = (text ? JSON.parse(text) : {}) as ErrorBody;
    throw new HttpError(body.message ?? `Ошибка ${response.status}`, response.status, {
      code: body.code,
    });
  }
  return response.blob();
}
