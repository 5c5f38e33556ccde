import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifySchemaValidationError,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ErrorBody } from '../../contract/errors';
import { fieldLabel } from '../../contract/labels';
import { plainIssue, sentence } from '../../contract/messages';

/** An error the API answers as `{error, code, fields?}` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** What the body adds to `{error, code, fields}` (the permission a 403 misses). */
    readonly details?: Pick<ErrorBody, 'permission'>,
  ) {
    super(message);
  }
}

export const unauthorized = (message = 'Authentication required') =>
  new ApiError(401, 'unauthorized', message);
export const forbidden = (message = 'Admin access required') =>
  new ApiError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new ApiError(404, 'not_found', message);
export const conflict = (message: string, code = 'conflict') => new ApiError(409, code, message);

// Fastify's own client errors, in words an admin can act on.
const FASTIFY_MESSAGES: Record<string, [number, string, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json', 'The request body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_json', 'The request body is empty'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'too_large', 'The request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'Send the body as JSON'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'invalid_body', 'The request body is incomplete'],
};

/** What a request part is called when the whole of it is wrong (a body that is not an object). */
const WHOLE: Record<string, string> = {
  body: 'The request body',
  querystring: 'The query',
  params: 'The address',
  headers: 'A header',
};

const wholeOf = (context: string) => WHOLE[context] ?? 'The request';

/** 400 for one field, in a sentence naming it ('HTML must be at most 100000 characters'). */
export function invalidInput(field: string, message: string): ApiError {
  const text = sentence(field === 'body' ? wholeOf('body') : fieldLabel(field.split('.')), message);
  return new ApiError(400, 'invalid_input', text, { [field]: text });
}

/**
 * The fields of a request zod refused, each with a sentence naming it by the console's label:
 * 'username' → 'Username must be at most 64 characters'.
 */
function invalidFields(error: FastifySchemaValidationError[], context: string) {
  const fields: Record<string, string> = {};
  for (const issue of error) {
    const keys = issue.params.keys;
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
      for (const key of keys) fields[String(key)] ??= 'Unknown field';
      continue;
    }
    const path = issue.instancePath.split('/').filter(Boolean);
    const label = path.length ? fieldLabel(path) : wholeOf(context);
    fields[path.join('.') || 'body'] ??= sentence(label, issue.message ?? 'is not valid');
  }
  return fields;
}

/**
 * Errors the router raises before any route runs (a broken %-escape, a path segment over the
 * router's length limit), in the API's own error shape. The address is never echoed back.
 */
export const frameworkErrors =
  (headers: Record<string, string>) =>
  (error: FastifyError, _request: unknown, reply: FastifyReply) => {
    // No hook has run yet, so the security headers are set here.
    reply.headers(headers);
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      return reply.code(414).send({ error: 'The address is too long', code: 'too_long' });
    }
    return reply.code(400).send({ error: 'The address is not valid', code: 'bad_url' });
  };

export function installErrorHandling(app: FastifyInstance): void {
  // Checks that give no message of their own speak plain language, not zod's developer terms.
  z.config({ customError: plainIssue });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      const body: ErrorBody = { error: error.message, code: error.code };
      if (error.fields) body.fields = error.fields;
      Object.assign(body, error.details);
      return reply
        .code(error.status)
        .headers(error.headers ?? {})
        .send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = invalidFields(error.validation, error.validationContext ?? 'body');
      const [name, message] = Object.entries(fields)[0] ?? ['body', 'is not valid'];
      const first = message === 'Unknown field' ? `Unknown field: ${name}` : message;
      return reply.code(400).send({ error: first, code: 'invalid_input', fields });
    }
    // A value PostgreSQL cannot store (bad encoding) that slipped past validation is still bad input.
    if (error.code === '22021' || error.code === '22P05') {
      return reply.code(400).send({
        error: 'The request contains characters that cannot be stored',
        code: 'invalid_input',
      });
    }
    const known = error.code ? FASTIFY_MESSAGES[error.code] : undefined;
    if (known) return reply.code(known[0]).send({ error: known[2], code: known[1] });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .code(error.statusCode)
        .send({ error: error.message, code: (error.code ?? 'bad_request').toLowerCase() });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'Internal server error', code: 'internal' });
  });
}
