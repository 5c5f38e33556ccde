import type { FastifyInstance } from 'fastify';
import { invalidInput } from './errors';

/** How deeply a JSON body may nest objects and arrays: far more than any form sends. */
export const JSON_DEPTH_MAX = 32;

/**
 * The first top-level field (or 'body') whose value nests objects and arrays deeper than `max`,
 * if any. Iterative: a body a megabyte deep must not overflow the stack here either.
 */
export function tooDeep(body: unknown, max = JSON_DEPTH_MAX): string | undefined {
  const stack: [value: unknown, depth: number, field: string][] = [[body, 0, 'body']];
  while (stack.length > 0) {
    const [value, depth, field] = stack.pop() as [unknown, number, string];
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= max) return field;
    const top = depth === 0 && !Array.isArray(value);
    for (const [key, item] of Object.entries(value)) {
      stack.push([item, depth + 1, top ? key : field]);
    }
  }
  return undefined;
}

/**
 * Refuses a body nested too deeply before any schema reads it: a recursive schema (free-form
 * JSON such as a push's `data`) would otherwise overflow the stack and answer 500.
 */
export function installJsonDepthLimit(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = tooDeep(request.body);
    if (field === undefined) return;
    const rule = `must not nest more than ${JSON_DEPTH_MAX} levels deep`;
    throw invalidInput(field, rule);
  });
}
