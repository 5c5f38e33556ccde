import { Ajv2020 } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type OpenApiDocument } from '../http/openapi';

/** One answer the API gave, as a client saw it, with the route pattern that gave it. */
export interface Answer {
  method: string;
  route: string;
  status: number;
  contentType: string;
  body: string;
}

/** Hands every answer of an API route to `record` (tests check them against the document). */
export function recordAnswers(app: FastifyInstance, record: (answer: Answer) => void): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (route?.startsWith(`${API_PREFIX}/`) && typeof payload === 'string') {
      record({
        method: request.method,
        route,
        status: reply.statusCode,
        contentType: String(reply.getHeader('content-type') ?? ''),
        body: payload,
      });
    }
    return payload;
  });
}

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/**
 * Checks answers against the OpenAPI document: the status is documented for the route, and a
 * JSON body is valid against that status's schema. Answers what is wrong, or undefined.
 */
export function answerChecker(doc: OpenApiDocument): (answer: Answer) => string | undefined {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, 'openapi.json');

  return (answer) => {
    const path = answer.route.slice(API_PREFIX.length).replace(/:(\w+)/g, '{$1}');
    // Fastify answers HEAD as its GET, without the body; the document lists the GET.
    const head = answer.method === 'HEAD';
    const method = head ? 'get' : answer.method.toLowerCase();
    const what = `${answer.method} ${answer.route} ${answer.status}`;
    const status = String(answer.status);
    const response = doc.paths[path]?.[method]?.responses[status];
    if (!response) return `${what}: status not documented`;
    if (head || answer.body === '') return undefined;
    const documented = Object.keys(response.content ?? {});
    if (!documented.some((type) => answer.contentType.startsWith(type))) {
      return `${what}: ${answer.contentType || 'a body without a type'} not documented`;
    }
    if (!answer.contentType.startsWith('application/json')) return undefined;
    const validate = ajv.getSchema(
      `openapi.json#/${pointer('paths', path, method, 'responses', status, 'content', 'application/json', 'schema')}`,
    );
    if (!validate) return `${what}: no schema`;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return `${what}: body is not JSON`;
    }
    return validate(body) ? undefined : `${what}: ${ajv.errorsText(validate.errors)}`;
  };
}
