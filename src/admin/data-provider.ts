// react-admin's data provider over the school's admin API: lists are `GET /api/admin/<resource>` with
// page, per_page, sort, order and filters as query parameters and `{data, meta: {total}}` back; one record
// is `GET …/<id>`; create is POST, update PUT. Actions beyond CRUD (send a campaign, answer a request) are
// `action()`.
import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import { call } from './api';

interface ListBody {
  data: RaRecord[];
  meta: { total: number };
}

const query = (params: Record<string, unknown>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

const NESTED = new Set(['deliveries']);

const unsupported = (what: string) => () =>
  Promise.reject(new Error(`Действие «${what}» в админке пока не поддерживается`));

export const dataProvider: DataProvider & {
  action: <T>(resource: string, id: Identifier, name: string, body?: unknown) => Promise<T>;
} = {
  async getList(resource, params) {
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    const { field, order } = params.sort ?? { field: 'id', order: 'DESC' };
    const body = await call<ListBody>(
      `admin/${resource}${query({
        page,
        per_page: perPage,
        sort: field,
        order,
        ...(params.filter as Record<string, unknown>),
      })}`,
    );
    return { data: body.data as never[], total: body.meta.total };
  },
  async getOne(resource, params) {
    const body = await call<{ data: RaRecord }>(`admin/${resource}/${params.id}`);
    return { data: body.data as never };
  },
  async getMany(resource, params) {
    const records = await Promise.all(
      params.ids.map((id) => call<{ data: RaRecord }>(`admin/${resource}/${id}`)),
    );
    return { data: records.map((r) => r.data) as never[] };
  },
  async getManyReference(resource, params) {
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    // A campaign's deliveries live under it (/admin/campaigns/:id/deliveries); other references are a
    // filter of the resource's list (/admin/orders?user_id=…).
    const path = NESTED.has(resource)
      ? `admin/${params.target}/${params.id}/${resource}${query({ page, per_page: perPage })}`
      : `admin/${resource}${query({ page, per_page: perPage, [params.target]: params.id })}`;
    const body = await call<ListBody>(path);
    return { data: body.data as never[], total: body.meta.total };
  },
  async create(resource, params) {
    const body = await call<{ data: RaRecord }>(`admin/${resource}`, {
      method: 'POST',
      body: params.data,
    });
    return { data: body.data as never };
  },
  async update(resource, params) {
    const body = await call<{ data: RaRecord }>(`admin/${resource}/${params.id}`, {
      method: 'PUT',
      body: params.data,
    });
    return { data: body.data as never };
  },
  updateMany: unsupported('изменить несколько'),
  async delete(resource, params) {
    const body = await call<{ data: RaRecord }>(`admin/${resource}/${params.id}`, {
      method: 'DELETE',
    });
    return { data: body.data as never };
  },
  deleteMany: unsupported('удалить несколько'),
  async action<T>(resource: string, id: Identifier, name: string, body?: unknown) {
    return call<T>(`admin/${resource}/${id}/${name}`, { method: 'POST', body: body ?? {} });
  },
};
