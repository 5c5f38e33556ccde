import type { LegalDocument, LegalType } from '../../../contract/legal';
import {
  callsTo,
  type FakeResponse,
  type FakeRoute,
  listOf,
  type RecordedRequest,
  reply,
} from '../../test/fakeFetch';
import { type RenderAdminOptions, renderPageAt } from '../../test/renderAdmin';

/** Test helpers of the Legal page (not shipped: only tests import this file). */

export const PUBLISHED = '2026-01-02T10:00:00.000Z';
const DRAFTED = '2026-02-03T10:00:00.000Z';

export const makeDoc = (
  overrides: Partial<LegalDocument> & Pick<LegalDocument, '_id' | 'version'>,
): LegalDocument => ({
  type: 'terms',
  contentText: `Terms v${overrides.version}`,
  contentHtml: `<p>Terms v${overrides.version} in HTML</p>`,
  isActive: false,
  publishedAt: null,
  createdAt: DRAFTED,
  updatedAt: DRAFTED,
  ...overrides,
});

/** The demo's shape: v1 live, v2 a draft; the privacy policy has one live version. */
export const termsV1 = makeDoc({
  _id: 't1',
  version: 1,
  isActive: true,
  publishedAt: PUBLISHED,
  updatedAt: PUBLISHED,
});
export const termsV2 = makeDoc({ _id: 't2', version: 2 });
export const privacyV1 = makeDoc({
  _id: 'p1',
  type: 'privacy',
  version: 1,
  contentText: 'Privacy v1',
  contentHtml: '<p>Privacy v1 in HTML</p>',
  isActive: true,
  publishedAt: PUBLISHED,
});

/** Ids the fake API gives to created versions, in order. */
export const NEW_IDS = ['n1', 'n2'];

const SAVED_AT = '2026-03-04T10:00:00.000Z';
const summary = ({ contentText, contentHtml, ...version }: LegalDocument) => version;
const typeOf = (request: RecordedRequest) =>
  new URL(request.url).searchParams.get('type') as LegalType;

/**
 * A fake of the legal API over in-memory versions: lists newest first, creates number on,
 * publishing or activating takes the type's other version offline. `overrides` replace single
 * routes (an error, a slow answer).
 */
export const legalApiFake = (
  seed: LegalDocument[] = [termsV1, termsV2, privacyV1],
  overrides: Record<string, FakeRoute | FakeResponse> = {},
) => {
  const db = { docs: [...seed] };
  const ofType = (type: LegalType) =>
    db.docs.filter((d) => d.type === type).sort((a, b) => b.version - a.version);
  const goLive = (doc: LegalDocument): LegalDocument => {
    db.docs = db.docs.map((d) =>
      d.type === doc.type && d.isActive && d._id !== doc._id ? { ...d, isActive: false } : d,
    );
    return { ...doc, isActive: true, publishedAt: doc.publishedAt ?? SAVED_AT };
  };
  const store = (doc: LegalDocument) => {
    db.docs = [...db.docs.filter((d) => d._id !== doc._id), doc];
    return reply(200, { ok: true, doc });
  };
  const routes: Record<string, FakeRoute | FakeResponse> = {
    'GET /api/admin/legal': (request) => listOf(ofType(typeOf(request)).map(summary)),
    'GET /api/admin/legal/latest': (request) => reply(200, ofType(typeOf(request))[0] ?? null),
    'POST /api/admin/legal': (request) => {
      const body = request.body as Pick<LegalDocument, 'type' | 'contentText' | 'contentHtml'> & {
        isActive: boolean;
      };
      const created = makeDoc({
        ...body,
        _id: NEW_IDS[db.docs.length - seed.length] ?? 'n-extra',
        version: (ofType(body.type)[0]?.version ?? 0) + 1,
        isActive: false,
        createdAt: SAVED_AT,
        updatedAt: SAVED_AT,
      });
      const doc = body.isActive ? goLive(created) : created;
      store(doc);
      return reply(201, { ok: true, doc });
    },
  };
  for (const id of [...seed.map((d) => d._id), ...NEW_IDS]) {
    const current = () => db.docs.find((d) => d._id === id);
    const missing = reply(404, { error: 'Legal document not found', code: 'not_found' });
    routes[`GET /api/admin/legal/${id}`] = () => {
      const doc = current();
      return doc ? reply(200, doc) : missing;
    };
    routes[`PATCH /api/admin/legal/${id}`] = (request) => {
      const doc = current();
      if (!doc) return missing;
      const changes = request.body as Partial<LegalDocument>;
      const next = { ...doc, ...changes, updatedAt: SAVED_AT };
      return store(changes.isActive ? goLive(next) : next);
    };
    routes[`PATCH /api/admin/legal/${id}/activate`] = () => {
      const doc = current();
      return doc ? store(goLive({ ...doc, updatedAt: SAVED_AT })) : missing;
    };
  }
  return { db, routes: { ...routes, ...overrides } };
};

/** The real admin (see renderAdmin) on /settings/legal, the page loaded lazily as in the app. */
export const renderLegal = (routes: RenderAdminOptions['routes']) =>
  renderPageAt('/settings/legal', routes);

export { callsTo };
