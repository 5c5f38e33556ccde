import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { ErrorBody } from '../../contract/errors';
import { ANY_ADMIN, missingPermission, type RouteAccess } from '../../contract/permissions';

/** A route as Fastify registered it: what the document is built from. */
export interface RouteEntry {
  method: string;
  url: string;
  schema?: FastifySchema | undefined;
  /** What an /api/admin route needs (its `config.permission`). */
  permission?: RouteAccess | undefined;
}

export type JsonSchema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

export interface MediaTypes {
  [contentType: string]: { schema: JsonSchema };
}

export interface Operation {
  operationId: string;
  tags: string[];
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: MediaTypes };
  responses: Record<string, { description: string; content?: MediaTypes }>;
  security?: { bearerAuth: [] }[];
  /** The permission the caller needs, or 'any admin'. */
  'x-permission'?: RouteAccess;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, { type: 'http'; scheme: 'bearer' }>;
    schemas?: Record<string, JsonSchema>;
  };
}

/** The prefix every API route is registered under; the document's server URL ends with it. */
export const API_PREFIX = '/api';

/** The routes under /api/auth that sign in: every other one reads the caller's session. */
const SIGN_IN_ROUTES = new Set(['/api/auth/login', '/api/auth/2fa/verify']);

const needsToken = (url: string) =>
  url === `${API_PREFIX}/admin` ||
  url.startsWith(`${API_PREFIX}/admin/`) ||
  (url.startsWith(`${API_PREFIX}/auth/`) && !SIGN_IN_ROUTES.has(url));

const REASONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  400: 'Invalid request',
  401: 'Not signed in, or the session has ended',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict with the current state',
  413: 'Body too large',
  415: 'Body not sent as JSON',
  429: 'Too many requests',
  500: 'Unexpected failure: nothing was changed',
  503: 'Unavailable',
};

/**
 * JSON Schema (2020-12, as OpenAPI 3.1 uses) of a zod schema. Requests are read as their input
 * side, answers as their output side. What JSON Schema cannot say (a transform's result, a
 * custom refinement) becomes `{}`, "anything", instead of failing the whole document.
 */
function jsonSchemaOf(schema: unknown, io: 'input' | 'output', defs: Definitions): JsonSchema {
  if (!(schema instanceof z.ZodType)) return {};
  const {
    $schema: _dialect,
    $defs,
    ...rest
  } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  return defs.hoist(rest, $defs);
}

/**
 * Definitions zod emits (`$defs`, for a recursive or an id-named schema) become components:
 * a `#/$defs/x` inside a schema object would resolve against the document's root.
 */
class Definitions {
  readonly schemas: Record<string, JsonSchema> = {};

  hoist(schema: JsonSchema, defs: Record<string, JsonSchema> | undefined): JsonSchema {
    if (!defs) return schema;
    const names = new Map<string, string>();
    for (const [name, definition] of Object.entries(defs)) {
      names.set(name, this.nameFor(name, definition));
    }
    const rewrite = (value: unknown): unknown =>
      JSON.parse(JSON.stringify(value), (key, v) =>
        key === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')
          ? `#/components/schemas/${names.get(v.slice('#/$defs/'.length))}`
          : v,
      );
    for (const [name, definition] of Object.entries(defs)) {
      this.schemas[names.get(name) as string] = rewrite(definition) as JsonSchema;
    }
    return rewrite(schema) as JsonSchema;
  }

  /** Each definition seen, by its text as zod gave it: one component however often it recurs. */
  private readonly named = new Map<string, string>();

  /** The name, or a numbered one when a different schema already holds it. */
  private nameFor(name: string, definition: JsonSchema): string {
    const text = JSON.stringify(definition);
    const known = this.named.get(text);
    if (known) return known;
    let candidate = name;
    for (let n = 2; candidate in this.schemas; n++) candidate = `${name}_${n}`;
    this.named.set(text, candidate);
    this.schemas[candidate] = {};
    return candidate;
  }
}

/** `/api/admin/users/:id` → `/admin/users/{id}`: OpenAPI's form, under the server URL. */
const openApiPath = (url: string) =>
  url.slice(API_PREFIX.length).replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** One parameter per property of an object schema, required as the schema says. */
function parametersOf(schema: unknown, place: 'path' | 'query', defs: Definitions): Parameter[] {
  const json = jsonSchemaOf(schema, 'input', defs);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: place,
      required: place === 'path' || required.has(name),
      schema: rest,
      ...(typeof description === 'string' && { description }),
    };
  });
}

const json = (schema: JsonSchema): MediaTypes => ({ 'application/json': { schema } });

function responsesOf(route: RouteEntry, defs: Definitions): Operation['responses'] {
  const declared = (route.schema?.response ?? {}) as Record<string, unknown>;
  const responses: Operation['responses'] = {};
  for (const [status, schema] of Object.entries(declared)) {
    responses[status] = {
      description: REASONS[status] ?? `Status ${status}`,
      content: json(jsonSchemaOf(schema, 'output', defs)),
    };
  }
  // A route that declares no success body sends something else (a CSV file, a page: its
  // schema's `produces` names the type) or nothing.
  if (!Object.keys(responses).some((status) => status.startsWith('2'))) {
    const type =
      route.schema?.produces?.[0] ?? (route.url.endsWith('.csv') ? 'text/csv' : undefined);
    responses[200] = {
      description: REASONS[200] as string,
      ...(type && { content: { [type]: { schema: { type: 'string' } } } }),
    };
  }
  // Any route may be sent a request it cannot read (broken JSON, a broken %-escape), and may
  // fail on its own (its database lost, say); a change then rolls back whole.
  // A method with a body may also be sent one too large, or not in JSON.
  const withBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  for (const status of ['400', ...(withBody ? ['413', '415'] : []), '500']) {
    responses[status] ??= {
      description: REASONS[status] as string,
      content: json(jsonSchemaOf(ErrorBody, 'output', defs)),
    };
  }
  const { permission } = route;
  if (permission && permission !== ANY_ADMIN) {
    responses[403] = {
      description: `Not an admin, or ${missingPermission(permission)}`,
      content: json(jsonSchemaOf(ErrorBody, 'output', defs)),
    };
  }
  return responses;
}

const operationId = (method: string, url: string) =>
  [
    method.toLowerCase(),
    ...openApiPath(url)
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((word) => word[0]?.toUpperCase() + word.slice(1)),
  ].join('');

/** The first path segment, and the second under /admin, where every resource lives. */
const groupOf = (url: string) => {
  const [first = '', second] = openApiPath(url).split('/').slice(1);
  return first === 'admin' && second ? `admin/${second}` : first;
};

function operationOf(route: RouteEntry, defs: Definitions): Operation {
  const { schema } = route;
  const summary = (schema as { summary?: unknown } | undefined)?.summary;
  const parameters = [
    ...parametersOf(schema?.params, 'path', defs),
    ...parametersOf(schema?.querystring, 'query', defs),
  ];
  return {
    operationId: operationId(route.method, route.url),
    tags: [groupOf(route.url)],
    ...(typeof summary === 'string' && { summary }),
    ...(parameters.length > 0 && { parameters }),
    ...(schema?.body !== undefined && {
      requestBody: {
        required: !(schema.body instanceof z.ZodType) || !schema.body.safeParse(undefined).success,
        content: json(jsonSchemaOf(schema.body, 'input', defs)),
      },
    }),
    responses: responsesOf(route, defs),
    ...(needsToken(route.url) && { security: [{ bearerAuth: [] }] }),
    ...(route.permission && { 'x-permission': route.permission }),
  };
}

/** Only the API's own routes: not the console's pages, nor the HEAD twins Fastify adds. */
const isDocumented = (route: { method: string; url: string }) =>
  route.method !== 'HEAD' && (route.url === API_PREFIX || route.url.startsWith(`${API_PREFIX}/`));

export function openApiDocument(
  routes: readonly RouteEntry[],
  options: { basePath: string; version: string },
): OpenApiDocument {
  const defs = new Definitions();
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes.filter(isDocumented)) {
    const path = openApiPath(route.url);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operationOf(route, defs);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Rewards admin console API', version: options.version },
    servers: [{ url: `${options.basePath}${API_PREFIX}` }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      ...(Object.keys(defs.schemas).length > 0 && { schemas: defs.schemas }),
    },
  };
}
