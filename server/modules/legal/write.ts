import { createHash } from 'node:crypto';
import { sql, type UpdateObject } from 'kysely';
import { LEGAL_HTML_MAX, type LegalType } from '../../../contract/legal';
import { type Actor, audit } from '../../audit/audit';
import { lacking } from '../../auth/guard';
import { invalidField } from '../../crud/errors';
import type { Database } from '../../db/connect';
import { uniqueViolation } from '../../db/errors';
import type { DB } from '../../db/schema';
import { lockName } from '../../db/xact-lock';
import { conflict } from '../../http/errors';
import { assertVersion } from '../../http/versions';
import { MARKUP_DEPTH_MAX, markupDepth } from './markup-depth';
import type { LegalRow } from './present';
import { findDocument } from './queries';
import { sanitiseHtml } from './sanitise';

// Every change to a type's versions takes that type's lock first: version numbers count up
// without gaps or duplicates, and of concurrent activations the last to commit wins, each
// deactivating the others it finds, so exactly one ends active and none fails.

async function lockType(trx: Database, type: LegalType): Promise<void> {
  await lockName(trx, `legal:${type}`);
}

/** Runs `work` in a transaction; a unique violation (a writer that skipped the lock) is a 409. */
async function inTransaction<T>(db: Database, work: (trx: Database) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint?.startsWith('legal_documents')) {
      throw conflict('Another change to this document was saved at the same time. Try again.');
    }
    throw error;
  }
}

/**
 * Stored HTML is sanitised, and sanitising can lengthen it (escaping): the limit holds after.
 * Markup nested too deep to sanitise in reasonable time is refused first.
 */
function cleanHtml(html: string): string {
  if (markupDepth(html) > MARKUP_DEPTH_MAX) {
    throw invalidField('contentHtml', `must not nest elements more than ${MARKUP_DEPTH_MAX} deep`);
  }
  const clean = sanitiseHtml(html);
  if (clean.length > LEGAL_HTML_MAX) {
    throw invalidField('contentHtml', `must be at most ${LEGAL_HTML_MAX} characters`);
  }
  return clean;
}

/** Takes the type's other active version offline; answers its version number, if there was one. */
async function deactivateOthers(trx: Database, type: LegalType, keepId: number | null) {
  let query = trx
    .updateTable('legal_documents')
    .set({ is_active: false, updated_at: sql<Date>`now()` })
    .where('type', '=', type)
    .where('is_active', '=', true);
  if (keepId !== null) query = query.where('id', '<>', keepId);
  const replaced = await query.returning('version').executeTakeFirst();
  return replaced?.version ?? null;
}

const digest = (value: string) => createHash('sha256').update(value).digest('hex');
const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;

/** What an audit row keeps of a version: its state, and of its content only sizes and hashes. */
const summary = (row: LegalRow) => ({
  type: row.type,
  version: row.version,
  isActive: row.is_active,
  publishedAt: isoOrNull(row.published_at),
  textLength: row.content_text.length,
  textSha256: digest(row.content_text),
  htmlLength: row.content_html.length,
  htmlSha256: digest(row.content_html),
});

/** The version a URL id names, locked for a change, after its type's lock. */
async function lockDocument(trx: Database, rawId: string, ifMatch: string | undefined) {
  // The type never changes, so it can be read before its lock is held.
  const { id, type } = await findDocument(trx, rawId);
  await lockType(trx, type);
  const row = await trx
    .selectFrom('legal_documents')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  assertVersion(row.updated_at, ifMatch, 'legal document');
  return row;
}

export interface NewLegalDocument {
  type: LegalType;
  contentText: string;
  contentHtml: string;
  isActive: boolean;
}

/** POST /admin/legal: the type's next version, as a draft or published (and the only active). */
export async function createDocument(
  db: Database,
  actor: Actor,
  input: NewLegalDocument,
  mayPublish: boolean,
): Promise<LegalRow> {
  if (input.isActive && !mayPublish) throw lacking('legal:publish');
  const html = cleanHtml(input.contentHtml);
  return inTransaction(db, async (trx) => {
    await lockType(trx, input.type);
    const { last } = await trx
      .selectFrom('legal_documents')
      .select((eb) => eb.fn.coalesce(eb.fn.max('version'), eb.lit(0)).as('last'))
      .where('type', '=', input.type)
      .executeTakeFirstOrThrow();
    const replaced = input.isActive ? await deactivateOthers(trx, input.type, null) : null;
    const row = await trx
      .insertInto('legal_documents')
      .values({
        type: input.type,
        version: last + 1,
        content_text: input.contentText,
        content_html: html,
        is_active: input.isActive,
        published_at: input.isActive ? sql<Date>`now()` : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, actor, {
      action: 'legal.create',
      entity: 'legal',
      entityId: String(row.id),
      after: { ...summary(row), replacedVersion: replaced },
    });
    return row;
  });
}

export interface LegalChanges {
  contentText?: string | undefined;
  contentHtml?: string | undefined;
  isActive?: boolean | undefined;
}

/**
 * A type that has a live version always keeps one: players would otherwise get no document at
 * all. Only publishing or activating another version takes it offline.
 */
const liveStaysLive = () =>
  conflict(
    'This version is live: it stays live until another version is published or activated. Save the changes as a new version.',
    'live_version',
  );

/**
 * PATCH /admin/legal/{id}: new content and/or a new state. Publishing (isActive true) takes the
 * type's other active version offline; publishedAt keeps the first time the version went live.
 * The live version cannot be saved as a draft (isActive false): 409. A patch that changes
 * nothing writes nothing.
 */
export async function updateDocument(
  db: Database,
  actor: Actor,
  rawId: string,
  changes: LegalChanges,
  ifMatch: string | undefined,
  mayPublish: boolean,
): Promise<LegalRow> {
  const html = changes.contentHtml === undefined ? undefined : cleanHtml(changes.contentHtml);
  return inTransaction(db, async (trx) => {
    const row = await lockDocument(trx, rawId, ifMatch);
    if (row.is_active && changes.isActive === false) throw liveStaysLive();
    const set: UpdateObject<DB, 'legal_documents'> = {};
    if (changes.contentText !== undefined && changes.contentText !== row.content_text)
      set.content_text = changes.contentText;
    if (html !== undefined && html !== row.content_html) set.content_html = html;
    // Rewording the live version publishes the new words, as activating a draft does.
    const publishes = row.is_active ? Object.keys(set).length > 0 : changes.isActive === true;
    if (publishes && !mayPublish) throw lacking('legal:publish');
    let replaced: number | null = null;
    if (changes.isActive !== undefined && changes.isActive !== row.is_active) {
      set.is_active = changes.isActive;
      if (changes.isActive) {
        replaced = await deactivateOthers(trx, row.type, row.id);
        set.published_at = row.published_at ?? sql<Date>`now()`;
      }
    }
    if (Object.keys(set).length === 0) return row;
    const updated = await trx
      .updateTable('legal_documents')
      .set({ ...set, updated_at: sql<Date>`now()` })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, actor, {
      action: 'legal.update',
      entity: 'legal',
      entityId: String(row.id),
      before: summary(row),
      after: { ...summary(updated), replacedVersion: replaced },
    });
    return updated;
  });
}

/**
 * PATCH /admin/legal/{id}/activate: the version goes live as it is, the type's other active one
 * goes offline. Activating the active version changes nothing.
 */
export async function activateDocument(
  db: Database,
  actor: Actor,
  rawId: string,
  ifMatch: string | undefined,
): Promise<LegalRow> {
  return inTransaction(db, async (trx) => {
    const row = await lockDocument(trx, rawId, ifMatch);
    if (row.is_active) return row;
    const replaced = await deactivateOthers(trx, row.type, row.id);
    const updated = await trx
      .updateTable('legal_documents')
      .set({
        is_active: true,
        published_at: row.published_at ?? sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, actor, {
      action: 'legal.activate',
      entity: 'legal',
      entityId: String(row.id),
      before: { version: row.version, isActive: false, publishedAt: isoOrNull(row.published_at) },
      after: {
        version: updated.version,
        isActive: true,
        publishedAt: isoOrNull(updated.published_at),
        replacedVersion: replaced,
      },
    });
    return updated;
  });
}
