import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkResponse } from '../../../contract/auth';
import {
  DeckCopy,
  DeckOrNone,
  DeckParams,
  DeckSave,
  DeckSaved,
  DecksList,
  DecksQuery,
} from '../../../contract/decks';
import { actorOf } from '../../auth/guard';
import { denied, recordErrors } from '../../crud/routes';
import { ifMatchOf } from '../../http/versions';
import { copyDeck, deleteDeck, saveDeck } from './mutations';
import { findDeck, listDecks } from './store';

/** The daily card decks, one per UTC day, addressed by their dateKey (YYYY-MM-DD). */
export const deckRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/admin/unity-decks',
    {
      config: { permission: 'decks:read' },
      schema: { querystring: DecksQuery, response: { 200: DecksList, ...denied } },
    },
    async (request) => ({ items: await listDecks(db, request.query.from, request.query.to) }),
  );

  // A static segment (copy) wins over :dateKey in the router, whatever the order.
  app.post(
    '/admin/unity-decks/copy',
    {
      config: { permission: 'decks:write' },
      schema: { body: DeckCopy, response: { 200: DeckSaved, ...recordErrors } },
    },
    async (request) => copyDeck(db, actorOf(request), request.body),
  );

  app.get(
    '/admin/unity-decks/:dateKey',
    {
      config: { permission: 'decks:read' },
      schema: { params: DeckParams, response: { 200: DeckOrNone, ...denied } },
    },
    // An absent day is not an error: it just has no deck yet.
    async (request) => findDeck(db, request.params.dateKey),
  );

  app.put(
    '/admin/unity-decks/:dateKey',
    {
      config: { permission: 'decks:write' },
      schema: { params: DeckParams, body: DeckSave, response: { 200: DeckSaved, ...recordErrors } },
    },
    async (request) =>
      saveDeck(db, actorOf(request), request.params.dateKey, request.body, ifMatchOf(request)),
  );

  app.delete(
    '/admin/unity-decks/:dateKey',
    {
      config: { permission: 'decks:write' },
      schema: { params: DeckParams, response: { 200: OkResponse, ...recordErrors } },
    },
    async (request) => deleteDeck(db, actorOf(request), request.params.dateKey),
  );
};
