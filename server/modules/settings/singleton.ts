import type { z } from 'zod';
import { ErrorBody } from '../../../contract/errors';
import { SettingSaved } from '../../../contract/settings';
import { actorOf } from '../../auth/guard';
import { denied, type ZodApp } from '../../crud/routes';
import { ifMatchOf } from '../../http/versions';
import { readView, saveSetting } from './save';
import type { Singleton } from './values';

/** One single-record resource of the Settings group: its URL, value and schemas. */
export interface SingletonRoute<V extends object, B extends z.ZodType, A extends z.ZodType> {
  path: string;
  singleton: Singleton<V>;
  /** What GET answers: the value and its updatedAt. */
  view: z.ZodType;
  body: B;
  /** What a save stores: the body, or what it makes of the stored value (read under the lock). */
  value: (body: z.output<B>) => V | ((stored: V) => V);
  /** What a save answers; `{ ok: true, updatedAt }` unless given. */
  saved?: { schema: A; answer: (body: z.output<B>, updatedAt: string) => z.output<A> };
}

/** A save answers 409 when the edit was based on an older save (If-Match). */
const saveErrors = { ...denied, 409: ErrorBody };

/**
 * GET and PATCH on one settings singleton: reads need settings:read, saves settings:write and
 * the If-Match of the version the edit was based on; a save is audited (see saveSetting) and
 * announced live by the settings table.
 */
export function registerSingleton<V extends object, B extends z.ZodType, A extends z.ZodType>(
  app: ZodApp,
  route: SingletonRoute<V, B, A>,
): void {
  const { db } = app;
  const { path, singleton, saved } = route;
  // Widened so each route's reply is checked by its own schema at run time, not by the generic.
  const view: z.ZodType = route.view;
  const answer: z.ZodType = saved?.schema ?? SettingSaved;
  app.get(
    path,
    {
      config: { permission: 'settings:read' },
      schema: { response: { 200: view, ...denied } },
    },
    async () => readView(db, singleton),
  );
  app.patch(
    path,
    {
      config: { permission: 'settings:write' },
      schema: {
        body: route.body,
        response: { 200: answer, ...saveErrors },
      },
    },
    async (request) => {
      // The body schema parsed it: it is the route's.
      const body = request.body as z.output<B>;
      const at = await saveSetting(
        db,
        actorOf(request),
        singleton,
        route.value(body),
        ifMatchOf(request),
      );
      const updatedAt = at.toISOString();
      return saved ? saved.answer(body, updatedAt) : { ok: true as const, updatedAt };
    },
  );
}
