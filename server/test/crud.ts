import { expect } from 'vitest';
import type { SignedIn } from './client';
import { bearer, type TestContext } from './harness';

// Shared by the API tests of the modules built on the kit.

/** Ids that cannot name a record: each answers 404, never 500. */
export const NOT_IDS = ['abc', '0', '-1', '01', '1.5', '1e3', '%20', '99999999999999999999'];

/** `send` for an id no record has and for each that cannot name one: 404 `message` each time. */
export async function expectNotFound(
  send: (id: string) => Promise<{ statusCode: number; json(): unknown }>,
  message: string,
): Promise<void> {
  for (const id of ['999999999', ...NOT_IDS]) {
    const res = await send(encodeURIComponent(id));
    expect(res.statusCode, id).toBe(404);
    expect(res.json()).toEqual({ error: message, code: 'not_found' });
  }
}

/** The audit rows of one record, oldest first. */
export const auditsOf = (t: TestContext, entity: string, entityId: string) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();

/** Every audit row of an entity kind, oldest first. */
export const auditsOfKind = (t: TestContext, entity: string) =>
  t.db.selectFrom('audit_log').selectAll().where('entity', '=', entity).orderBy('id').execute();

/** A PATCH or PUT sent with `If-Match`, as the console sends its edits. */
export const sendIfMatch = (
  t: TestContext,
  admin: SignedIn,
  method: 'PATCH' | 'PUT',
  url: string,
  payload: object | undefined,
  ifMatch: string,
) =>
  t.app.inject({
    method,
    url,
    ...(payload && { payload }),
    headers: { ...bearer(admin.token), 'if-match': `"${ifMatch}"` },
  });

/** A route pattern ('/users/:id') as a request path, each parameter given `value`. */
export const pathOf = (url: string, value = 'x') =>
  url.replace(/:[A-Za-z]+/g, encodeURIComponent(value));
