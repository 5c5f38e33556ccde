import { type Kysely, sql } from 'kysely';

/**
 * The singletons (daily rewards, referral, app info, integrations), legal documents and the
 * daily card decks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per singleton; a missing row reads as the specification's defaults.
  await sql`
    CREATE TABLE settings (
      key text PRIMARY KEY,
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE legal_documents (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      type text NOT NULL CHECK (type IN ('terms', 'privacy')),
      version integer NOT NULL CHECK (version >= 1),
      content_text text NOT NULL DEFAULT '',
      content_html text NOT NULL DEFAULT '',
      is_active boolean NOT NULL DEFAULT false,
      published_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (type, version)
    )`.execute(db);
  // At most one active version per type, whatever the application does.
  await sql`
    CREATE UNIQUE INDEX legal_documents_one_active ON legal_documents (type) WHERE is_active`.execute(
    db,
  );

  await sql`
    CREATE TABLE unity_decks (
      date_key date PRIMARY KEY,
      cards jsonb NOT NULL DEFAULT '[]',
      reset_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE unity_decks, legal_documents, settings`.execute(db);
}
