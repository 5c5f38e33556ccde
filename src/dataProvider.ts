import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import type { BotSummary, BotsBulkResponse } from '../contract/bots';
import { singularOf } from '../contract/crud-names';
import type { ListResponse } from '../contract/lists';
import type { StatsRange, StatsSummary, UsersOverTime } from '../contract/stats';
import type { AdminRoleResponse, Match, MatchOutcome } from '../contract/users';
import type { WithdrawalType } from '../contract/withdrawal-types';
import type { BulkDecisionResponse, Decision, DecisionResponse } from '../contract/withdrawals';
import { http, httpBlob, type Query, type QueryValue } from './http';

/** Which field of a record is its id in URLs (design: users by userId, bots by botId, ...). */
export type IdField = '_id' | 'userId' | 'botId' | 'dateKey';

export interface Endpoint {
  /** API path relative to the API base; defaults to 'admin/<resource>'. */
  path?: string;
  /** Defaults to '_id'. */
  idField?: IdField;
  /** Updates PUT the whole record instead of PATCHing the changed fields. */
  replace?: boolean;
  /** The record's name in messages; defaults to the resource's name in the singular ('bot'). */
  label?: string;
}

export type Endpoints = Record<string, Endpoint>;

/**
 * Where a resource's records live: `admin/<resource>`, addressed by `_id`, PATCHed, unless its
 * line in the table says otherwise.
 */
export const endpointOf = (table: Endpoints, resource: string) => ({
  path: `admin/${resource}`,
  idField: '_id' as IdField,
  label: singularOf(resource),
  ...table[resource],
});

/** One line per resource that differs from the default (design: users by userId, ...). */
export const endpoints: Endpoints = {
  users: { idField: 'userId' },
  bots: { idField: 'botId' },
  'withdrawal-types': { replace: true },
  audit: { label: 'audit entry' },
};

interface ApiList {
  items?: Record<string, unknown>[];
  total?: number;
}

type ApiRecord = Record<string, unknown>;

const isRecord = (value: unknown): value is ApiRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The record inside an answer: the answer itself when it carries the id field, otherwise the one
 * nested object that does ({ok, doc}, {item}, {user, stats}), with its siblings (but not `ok`)
 * kept beside its fields. Undefined when there is none.
 */
export const recordFrom = (res: unknown, idField: IdField): ApiRecord | undefined => {
  if (!isRecord(res)) return undefined;
  if (res[idField] !== undefined) return res;
  const nested = Object.entries(res).filter(
    ([, value]) => isRecord(value) && value[idField] !== undefined,
  );
  if (nested.length !== 1) return undefined;
  const [key, value] = nested[0] as [string, ApiRecord];
  const { [key]: _nested, ok: _ok, ...siblings } = res;
  return { ...siblings, ...value };
};

const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The fields of `data` that differ from `previous` (react-admin's `id` is never sent). */
export const changedFields = (data: ApiRecord, previous?: ApiRecord): ApiRecord => {
  const changed: ApiRecord = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === 'id') continue;
    if (!previous || !sameValue(value, previous[key])) changed[key] = value;
  }
  return changed;
};

/**
 * A react-admin DataProvider over the API conventions: lists answer {items, total, page, limit}
 * to `?page&limit&sort=field:asc|desc&q&...filters`; records live at `path/{id}`.
 */
export const createDataProvider = (table: Endpoints): DataProvider => {
  const routesOf = (resource: string) => {
    const { path, idField, replace, label } = endpointOf(table, resource);
    const toRecord = (item: ApiRecord): RaRecord => ({
      ...item,
      id: item[idField] as Identifier,
    });
    /** `/new` is the create page, never a record: refuse it (and no id) before any request. */
    const itemPath = (id: Identifier | undefined, verb: 'fetch' | 'update' | 'delete') => {
      if (id === undefined || id === null || String(id).trim() === '' || id === 'new') {
        throw new Error(`Invalid ${label} id: cannot ${verb} ${String(id)}`);
      }
      return `${path}/${encodeURIComponent(String(id))}`;
    };
    return { path, idField, toRecord, itemPath, replace };
  };

  const getList: DataProvider['getList'] = async (resource, params) => {
    const { path, idField, toRecord } = routesOf(resource);
    const query: Query = {};
    if (params.pagination) {
      query.page = params.pagination.page;
      query.limit = params.pagination.perPage;
    }
    if (params.sort?.field) {
      const field = params.sort.field === 'id' ? idField : params.sort.field;
      query.sort = `${field}:${params.sort.order === 'DESC' ? 'desc' : 'asc'}`;
    }
    for (const [key, value] of Object.entries(params.filter ?? {})) {
      if (value === undefined || value === null || value === '') continue;
      query[key] = Array.isArray(value)
        ? (value as QueryValue[])
        : typeof value === 'object'
          ? JSON.stringify(value)
          : (value as QueryValue);
    }
    const res = await http<ApiList | ApiRecord[]>(path, { query, signal: params.signal });
    const items = Array.isArray(res) ? res : (res?.items ?? []);
    const total = Array.isArray(res) ? res.length : (res?.total ?? items.length);
    return { data: items.map(toRecord) as never[], total };
  };

  const getOne: DataProvider['getOne'] = async (resource, params) => {
    const { idField, toRecord, itemPath } = routesOf(resource);
    const res = await http<unknown>(itemPath(params.id, 'fetch'), { signal: params.signal });
    const record = recordFrom(res, idField) ?? (isRecord(res) ? res : {});
    return { data: { ...toRecord(record), id: params.id } as never };
  };

  const update: DataProvider['update'] = async (resource, params) => {
    const { idField, toRecord, itemPath, replace } = routesOf(resource);
    // The version the form was loaded with: the API refuses (409) if the record changed since.
    const version = params.previousData?.updatedAt;
    const res = await http<unknown>(itemPath(params.id, 'update'), {
      method: replace ? 'PUT' : 'PATCH',
      body: replace ? params.data : changedFields(params.data, params.previousData),
      headers: typeof version === 'string' ? { 'If-Match': version } : undefined,
    });
    // The API may answer the updated record (maybe wrapped) or just {ok}: then keep what we sent.
    const record = recordFrom(res, idField) ?? { ...params.previousData, ...params.data };
    return { data: { ...toRecord(record), id: params.id } as never };
  };

  const remove: DataProvider['delete'] = async (resource, params) => {
    const { itemPath } = routesOf(resource);
    await http(itemPath(params.id, 'delete'), { method: 'DELETE' });
    return { data: { ...(params.previousData ?? {}), id: params.id } as never };
  };

  return {
    getList,
    getOne,

    async getMany(resource, params) {
      const records = await Promise.all(
        params.ids.map((id) => getOne(resource, { id, signal: params.signal })),
      );
      return { data: records.map((r) => r.data) };
    },

    getManyReference(resource, params) {
      const { target, id, filter, ...rest } = params;
      return getList(resource, { ...rest, filter: { ...filter, [target]: id } });
    },

    async create(resource, params) {
      const { path, idField, toRecord } = routesOf(resource);
      const res = await http<unknown>(path, { method: 'POST', body: params.data });
      // e.g. a bot create answers {botId}, a legal one {ok, doc}: merge it over the data sent
      const record = {
        ...params.data,
        ...(recordFrom(res, idField) ?? (isRecord(res) ? res : {})),
      };
      if (record[idField] === undefined)
        throw new Error(`The API did not return the new ${idField}`);
      return { data: toRecord(record) as never };
    },

    update,

    async updateMany(resource, params) {
      await Promise.all(
        params.ids.map((id) =>
          update(resource, { id, data: params.data, previousData: undefined as never }),
        ),
      );
      return { data: params.ids };
    },

    delete: remove,

    async deleteMany(resource, params) {
      await Promise.all(params.ids.map((id) => remove(resource, { id })));
      return { data: params.ids };
    },
  };
};

const segment = (id: Identifier) => encodeURIComponent(String(id));

/**
 * The calls that are not react-admin verbs. Screens reach them through
 * `useDataProvider<AppDataProvider>()`, so a 401 from any of them still signs out.
 */
export const customVerbs = {
  decideWithdrawal: (id: Identifier, body: { action: Decision; adminNote?: string }) =>
    http<DecisionResponse>(`admin/withdrawals/${segment(id)}/decision`, { method: 'PATCH', body }),

  bulkDecideWithdrawals: (body: { ids: Identifier[]; action: Decision; adminNote?: string }) =>
    http<BulkDecisionResponse>('admin/withdrawals/bulk', {
      method: 'PATCH',
      body: { ...body, ids: body.ids.map(String) },
    }),

  setUserRole: (userId: Identifier, makeAdmin: boolean) =>
    http<AdminRoleResponse>(`admin/users/${segment(userId)}/role`, {
      method: 'PATCH',
      body: { makeAdmin },
    }),

  updateUserPermissions: (userId: Identifier, body: { grant?: string[]; revoke?: string[] }) =>
    http<AdminRoleResponse>(`admin/users/${segment(userId)}/permissions`, {
      method: 'PATCH',
      body,
    }),

  changeUserPassword: (userId: Identifier, newPassword: string) =>
    http<{ ok: true }>(`admin/users/${segment(userId)}/password`, {
      method: 'POST',
      body: { newPassword },
    }),

  getUserMatches: (
    userId: Identifier,
    query: { page: number; limit: number; outcome?: MatchOutcome },
    signal?: AbortSignal,
  ) => http<ListResponse<Match>>(`admin/users/${segment(userId)}/matches`, { query, signal }),

  getUsersOverTime: (range: StatsRange, signal?: AbortSignal) =>
    http<UsersOverTime>('admin/stats/users', { query: { range }, signal }),

  getStatsSummary: (signal?: AbortSignal) => http<StatsSummary>('admin/stats/summary', { signal }),

  getBotSummary: (signal?: AbortSignal) => http<BotSummary>('admin/bots/summary', { signal }),

  /** Sets `active` on every listed bot at once. */
  setBotsActive: (ids: Identifier[], active: boolean) =>
    http<BotsBulkResponse>('admin/bots/bulk', {
      method: 'PATCH',
      body: { ids: ids.map(String), active },
    }),

  /**
   * Flips a withdrawal type between active and disabled; answers the type. `version` (the
   * updatedAt the row was shown with) makes a second admin's click a 409, not a flip back.
   */
  toggleWithdrawalType: (id: Identifier, version?: string) =>
    http<WithdrawalType>(`admin/withdrawal-types/${segment(id)}/toggle`, {
      method: 'PATCH',
      headers: version ? { 'If-Match': version } : undefined,
    }),

  /** Every row matching the list's filter and sort, as CSV (`{path}/export.csv`). */
  exportCsv: (resource: string, filter: Query, sort?: { field: string; order: string }) => {
    const query: Query = { ...filter };
    if (sort?.field) query.sort = `${sort.field}:${sort.order === 'DESC' ? 'desc' : 'asc'}`;
    return httpBlob(`${endpointOf(endpoints, resource).path}/export.csv`, { query });
  },
};

export type AppDataProvider = DataProvider & typeof customVerbs;

export const dataProvider: AppDataProvider = { ...createDataProvider(endpoints), ...customVerbs };
