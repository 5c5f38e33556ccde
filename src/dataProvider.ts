import {
  combineDataProviders,
  type DataProvider,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { singularOf } from '../contract/crud-names';
import {
  type Answers,
  type Endpoint,
  type Endpoints,
  endpoints,
  exportQuery,
  type Holds,
  type IdField,
  type VerbCall,
  type Verbs,
  verbs,
} from './endpoints';
import { http, httpBlob, type Query, type QueryValue } from './http';
import type { ListMeta } from './listMeta';
import type { LiveCallback } from './live/connection';
import { liveConnection } from './live/stream';

export type { Endpoint, Endpoints, IdField };

/**
 * An answer that is not what the endpoint documents (no record where its table says one is,
 * or `ok` not true). Screens that have a message for "the server did not do it" show that one.
 */
export class UnexpectedAnswer extends Error {
  constructor(
    readonly endpoint: string,
    readonly answer: unknown,
    expected: string,
  ) {
    super(`${endpoint} answered without ${expected}`);
    this.name = 'UnexpectedAnswer';
  }
}

export const isUnexpectedAnswer = (error: unknown): error is UnexpectedAnswer =>
  error instanceof UnexpectedAnswer;

type ApiRecord = Record<string, unknown>;

const isRecord = (value: unknown): value is ApiRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What an answer holds where its table says: the answer itself, or the named field (`ok` must
 * be true). Anything else is an UnexpectedAnswer naming `endpoint`.
 */
export const held = (answer: unknown, holds: Holds, endpoint: string): unknown => {
  if (holds === '[]') {
    if (!Array.isArray(answer)) throw new UnexpectedAnswer(endpoint, answer, 'a JSON array');
    return answer;
  }
  if (!isRecord(answer)) throw new UnexpectedAnswer(endpoint, answer, 'a JSON object');
  if (holds === '.') return answer;
  const value = answer[holds];
  if (value === undefined || value === null || (holds === 'ok' && value !== true)) {
    throw new UnexpectedAnswer(endpoint, answer, holds === 'ok' ? 'ok: true' : `its ${holds}`);
  }
  return value;
};

/**
 * The record in an answer, where the table says: a bare record, or one field of it (then its
 * siblings, but not `ok`, stay beside its fields: a user's `stats`).
 */
export const recordIn = (answer: unknown, holds: Holds, endpoint: string): ApiRecord => {
  const value = held(answer, holds, endpoint);
  if (!isRecord(value)) throw new UnexpectedAnswer(endpoint, answer, 'a record');
  if (holds === '.') return value;
  const { [holds]: _record, ok: _ok, ...siblings } = answer as ApiRecord;
  return { ...siblings, ...value };
};

/** Where a resource's records live, by the table's line or the defaults. */
export const endpointOf = (table: Endpoints, resource: string) => ({
  path: `admin/${resource}`,
  idField: '_id' as IdField,
  label: singularOf(resource),
  ...table[resource],
  answers: {
    getOne: '.',
    create: '.',
    update: '.',
    delete: 'nothing',
    ...table[resource]?.answers,
  } as Required<Answers>,
});

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

interface ApiList {
  items: ApiRecord[];
  total: number;
  /** Past 10,000 matches the API stops counting: `total` is then a lower bound. */
  totalIsLowerBound?: boolean;
}

const isList = (value: unknown): value is ApiList =>
  isRecord(value) && Array.isArray(value.items) && typeof value.total === 'number';

/** A whole range's rows: `{items}` or a bare array (a catalogue), its total their count. */
const wholeList = (value: unknown): ApiList | undefined => {
  const items = Array.isArray(value) ? value : isRecord(value) ? value.items : undefined;
  return Array.isArray(items) ? { items: items as ApiRecord[], total: items.length } : undefined;
};

/** A filter as query parameters: arrays repeat their key, objects go as JSON. */
const queryOfFilter = (filter: Record<string, unknown> = {}): Query => {
  const query: Query = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    query[key] = Array.isArray(value)
      ? (value as QueryValue[])
      : typeof value === 'object'
        ? JSON.stringify(value)
        : (value as QueryValue);
  }
  return query;
};

/** What a read's `meta` may add to react-admin's parameters. */
export interface ReadMeta {
  /** More query parameters: a type's newest legal version is getOne('latest', {type}). */
  query?: Query;
  /** The first `perPage` records without a page number: a call the spec gives as `limit=20`. */
  limitOnly?: boolean;
  /**
   * Only the filter, then `query`: no page or sort (a date range whose every row comes, maybe
   * without a total; a count asked as `status=pending&limit=1`).
   */
  unpaged?: boolean;
}

const metaOf = (params: { meta?: unknown }) => (params.meta ?? {}) as ReadMeta;

/**
 * A react-admin DataProvider over the API conventions: lists answer {items, total, page, limit}
 * to `?page&limit&sort=field:asc|desc&q&...filters`; records live at `path/{id}`; each answer
 * holds the record where the endpoint table says.
 */
export const createDataProvider = (table: Endpoints): DataProvider => {
  const routesOf = (resource: string) => {
    const endpoint = endpointOf(table, resource);
    const { path, idField, label } = endpoint;
    const toRecord = (item: ApiRecord): RaRecord => ({ ...item, id: item[idField] as Identifier });
    /** The record an answer holds, which must carry its id. */
    const recordOf = (answer: unknown, holds: Holds, call: string) => {
      const record = recordIn(answer, holds, call);
      if (record[idField] === undefined) throw new UnexpectedAnswer(call, answer, `its ${idField}`);
      return toRecord(record);
    };
    /** `/new` is the create page, never a record: refuse it (and no id) before any request. */
    const itemPath = (id: Identifier | undefined, verb: 'fetch' | 'update' | 'delete') => {
      if (endpoint.singleton) return path;
      if (id === undefined || id === null || String(id).trim() === '' || id === 'new') {
        throw new Error(`Invalid ${label} id: cannot ${verb} ${String(id)}`);
      }
      const segment = encodeURIComponent(String(id));
      return endpoint.item ? endpoint.item(segment) : `${path}/${segment}`;
    };
    return { ...endpoint, toRecord, recordOf, itemPath };
  };

  const readList = async (
    resource: string,
    path: string,
    query: Query,
    signal?: AbortSignal,
    unpaged = false,
  ) => {
    const { toRecord } = routesOf(resource);
    const answer = await http<unknown>(path, { query, signal });
    const list = isList(answer) ? answer : unpaged ? wholeList(answer) : undefined;
    if (!list) throw new UnexpectedAnswer(`GET ${path}`, answer, 'items and total');
    const meta: ListMeta | undefined = list.totalIsLowerBound
      ? { totalIsLowerBound: true }
      : undefined;
    return { data: list.items.map(toRecord) as never[], total: list.total, meta };
  };

  const getList: DataProvider['getList'] = (resource, params) => {
    const { path, idField } = routesOf(resource);
    const meta = metaOf(params);
    if (meta.unpaged) {
      const query = { ...queryOfFilter(params.filter), ...meta.query };
      return readList(resource, path, query, params.signal, true);
    }
    const query: Query = {};
    if (params.pagination) {
      if (!metaOf(params).limitOnly) query.page = params.pagination.page;
      query.limit = params.pagination.perPage;
    }
    if (params.sort?.field) {
      const field = params.sort.field === 'id' ? idField : params.sort.field;
      query.sort = `${field}:${params.sort.order === 'DESC' ? 'desc' : 'asc'}`;
    }
    return readList(resource, path, { ...query, ...queryOfFilter(params.filter) }, params.signal);
  };

  const update: DataProvider['update'] = async (resource, params) => {
    const { recordOf, itemPath, replace, answers, singleton } = routesOf(resource);
    // The version the form was loaded with: the API refuses (409) if the record changed since.
    const version = params.previousData?.updatedAt;
    const method = replace ? 'PUT' : 'PATCH';
    const path = itemPath(params.id, 'update');
    const { id: _id, ...whole } = params.data;
    const answer = await http<unknown>(path, {
      method,
      body: replace || singleton ? whole : changedFields(params.data, params.previousData),
      headers: typeof version === 'string' ? { 'If-Match': version } : undefined,
    });
    if (singleton) {
      // `{ok, updatedAt}` or `{ok, appInfo}`: the saved record is what was sent, as answered
      held(answer, 'ok', `${method} ${path}`);
      const { ok: _ok, ...saved } = recordIn(answer, answers.update, `${method} ${path}`);
      return { data: { ...whole, ...saved, id: params.id } as never };
    }
    return {
      data: { ...recordOf(answer, answers.update, `${method} ${path}`), id: params.id } as never,
    };
  };

  const remove: DataProvider['delete'] = async (resource, params) => {
    const { itemPath, answers, recordOf } = routesOf(resource);
    const path = itemPath(params.id, 'delete');
    const answer = await http<unknown>(path, { method: 'DELETE' });
    const record =
      answers.delete === 'nothing'
        ? (params.previousData ?? {})
        : recordOf(answer, answers.delete, `DELETE ${path}`);
    return { data: { ...record, id: params.id } as never };
  };

  return {
    getList,

    async getOne(resource, params) {
      const { toRecord, itemPath, answers, singleton, nullable } = routesOf(resource);
      const path = itemPath(params.id, 'fetch');
      const answer = await http<unknown>(path, {
        query: metaOf(params).query,
        signal: params.signal,
      });
      if (nullable && answer === null) return { data: null as never };
      if (singleton && answers.getOne === '.' && !isRecord(answer)) {
        // never saved (or no object at all): the page shows the defaults
        return { data: { id: params.id } as never };
      }
      return {
        data: {
          ...toRecord(recordIn(answer, answers.getOne, `GET ${path}`)),
          id: params.id,
        } as never,
      };
    },

    /** One request: the list endpoint's `ids` filter. */
    getMany(resource, params) {
      const { path } = routesOf(resource);
      const ids = [...new Set(params.ids.map(String))];
      if (ids.length === 0) return Promise.resolve({ data: [] });
      const query = { ids, limit: ids.length };
      return readList(resource, path, query, params.signal);
    },

    getManyReference(resource, params) {
      const { under } = routesOf(resource);
      const { target, id, filter, ...rest } = params;
      if (under?.target === target) {
        const path = under.path(encodeURIComponent(String(id)));
        const { page, perPage: limit } = rest.pagination;
        return readList(resource, path, { page, limit, ...queryOfFilter(filter) }, params.signal);
      }
      return getList(resource, { ...rest, filter: { ...filter, [target]: id } });
    },

    async create(resource, params) {
      const { path, idField, toRecord, answers } = routesOf(resource);
      const answer = await http<unknown>(path, { method: 'POST', body: params.data });
      // e.g. a bot create answers the bot, a legal one {ok, doc}: over the data sent
      const record = { ...params.data, ...recordIn(answer, answers.create, `POST ${path}`) };
      if (record[idField] === undefined) {
        throw new UnexpectedAnswer(`POST ${path}`, answer, `the new ${idField}`);
      }
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

/** Runs one named call of the table: its request, and its answer checked where it holds. */
const callVerb = async <T>({ path, holds, nullable, ...options }: VerbCall): Promise<T> => {
  const answer = await http<unknown>(path, options);
  if (nullable && answer === null) return null as T;
  held(answer, holds, `${options.method ?? 'GET'} ${path}`);
  return answer as T;
};

type VerbMethods = {
  [K in keyof Verbs]: (...args: Parameters<Verbs[K]>) => Promise<ReturnType<Verbs[K]>['answer']>;
};

const verbMethods = Object.fromEntries(
  Object.entries(verbs).map(([name, describe]) => [
    name,
    (...args: unknown[]) => callVerb((describe as (...a: unknown[]) => VerbCall)(...args)),
  ]),
) as VerbMethods;

/** Every row of a list matching its filter and sort, as CSV (`{path}/export.csv`). */
const exportCsv = (resource: string, filter: Query, sort?: { field: string; order: string }) =>
  httpBlob(`${endpointOf(endpoints, resource).path}/export.csv`, {
    query: exportQuery(filter, sort),
  });

/**
 * Live updates as ra-realtime shapes them: `subscribe('resource/withdrawals', callback)` hears
 * `{topic, type, payload: {ids}}` for every change others (or this admin) commit. The first
 * call fetches the connection's code.
 */
const realtime = {
  subscribe: (topic: string, callback: LiveCallback) =>
    liveConnection().then((live) => {
      live.subscribe(topic, callback);
      return { data: null };
    }),
  unsubscribe: (topic: string, callback: LiveCallback) =>
    liveConnection().then((live) => {
      live.unsubscribe(topic, callback);
      return { data: null };
    }),
};

export type AppDataProvider = DataProvider &
  VerbMethods &
  typeof realtime & { exportCsv: typeof exportCsv };

/**
 * ra-data-simple-rest over the service at `url`, loaded with the first call (no first visit
 * pays for it). No token or cookie goes to another service.
 */
const simpleRest = (url: string): DataProvider => {
  let provider: Promise<DataProvider> | undefined;
  const load = () => {
    provider ??= import('ra-data-simple-rest').then(({ default: create }) => create(url));
    return provider;
  };
  return new Proxy({} as DataProvider, {
    get:
      (_target, verb: string) =>
      async (...args: unknown[]) =>
        ((await load())[verb] as (...a: unknown[]) => unknown)(...args),
  });
};

/**
 * The console's data provider: our API's resources and named verbs, and each resource the
 * table mounts from another REST service (`rest`), through react-admin's combineDataProviders.
 */
export const createAppDataProvider = (table: Endpoints = endpoints): AppDataProvider => {
  const ours = createDataProvider(table);
  const mounted = new Map(
    Object.entries(table).flatMap(([name, { rest }]) => (rest ? [[name, simpleRest(rest)]] : [])),
  );
  const resources = combineDataProviders((resource) => mounted.get(resource) ?? ours);
  return { ...resources, ...verbMethods, ...realtime, exportCsv } as AppDataProvider;
};

export const dataProvider: AppDataProvider = createAppDataProvider();
