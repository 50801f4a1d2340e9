// Test helper (not a test): the school's axios instance answering from a table, recording each request.
import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type InternalAxiosRequestConfig,
} from 'axios';
import type { PublicConfig } from '@contract/api/config';
import { api } from '../../api/client';

export interface SeenRequest {
  method: string;
  /** The url as passed to axios, with the query of `params` appended. */
  url: string;
  body: unknown;
  authorization: string | undefined;
}

export type FakeReply = { status: number; data?: unknown };
type Handler = (request: SeenRequest) => FakeReply;

export const PUBLIC_CONFIG: PublicConfig = {
  app_store_url: '',
  play_store_url: '',
  metrika_counter_id: null,
  recaptcha_site_key: null,
  fb_enabled: false,
  vk_enabled: true,
  social_links: [],
  support_email: 'help@umnyashki.ru',
  sandbox: false,
  demo: false,
};

export const seen: SeenRequest[] = [];
const routes = new Map<string, Handler>();

function describe(config: InternalAxiosRequestConfig): SeenRequest {
  const params = config.params
    ? new URLSearchParams(config.params as Record<string, string>)
    : null;
  const url = `${config.url ?? ''}${params ? `?${params.toString()}` : ''}`;
  const authorization = config.headers.get('Authorization');
  return {
    method: (config.method ?? 'get').toUpperCase(),
    url,
    body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    authorization: typeof authorization === 'string' ? authorization : undefined,
  };
}

const adapter: AxiosAdapter = async (config) => {
  const request = describe(config);
  seen.push(request);
  const path = request.url.split('?')[0] ?? '';
  const handler = routes.get(`${request.method} ${path}`);
  const reply = handler ? handler(request) : { status: 404, data: { message: 'Не найдено' } };
  const response = {
    data: reply.data,
    status: reply.status,
    statusText: '',
    headers: new AxiosHeaders(),
    config,
  };
  if (reply.status >= 400) {
    throw new AxiosError('Request failed', AxiosError.ERR_BAD_REQUEST, config, undefined, response);
  }
  return response;
};

/** `on('POST auth/register', () => ({ status: 201, data: … }))`; the path has no query. */
export function on(route: string, handler: Handler | FakeReply): void {
  routes.set(route, typeof handler === 'function' ? handler : () => handler);
}

export function installFakeApi(): () => void {
  const original = api.defaults.adapter;
  api.defaults.adapter = adapter;
  return () => {
    api.defaults.adapter = original;
  };
}

export function resetFakeApi(): void {
  seen.length = 0;
  routes.clear();
  on('GET public-config', { status: 200, data: { data: PUBLIC_CONFIG } });
}

export function fieldError(field: string, message: string, status = 422): FakeReply {
  return { status, data: { message, errors: { [field]: [message] } } };
}
