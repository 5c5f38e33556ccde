import { type Kysely, sql } from 'kysely';
import { type Announced, announceChanges, stopAnnouncing } from '../announce-changes';

/**
 * Live updates. Each write to a resource's table announces itself with pg_notify from a
 * statement-level trigger, so the announcement is part of the writing transaction: only a
 * committed change is heard, every server instance LISTENing hears it, and a write that bypasses
 * the API (the player app, a script) is announced too. One statement is one event however many
 * rows it touched, split in chunks under PostgreSQL's 8,000-byte payload limit.
 *
 * `rewards.quiet = on` in a session (the benchmark's bulk loader) keeps its writes unannounced.
 */

/** Each resource's table, the console's name for it, and the record's id in its URLs. */
const ANNOUNCED: [table: string, Announced][] = [
  ['users', { resource: 'users', id: 'user_id' }],
  ['matches', { resource: 'matches' }],
  ['withdrawals', { resource: 'withdrawals' }],
  ['bots', { resource: 'bots', id: 'bot_id' }],
  ['categories', { resource: 'categories' }],
  ['offers', { resource: 'offers' }],
  ['unity_decks', { resource: 'decks', id: 'date_key' }],
  ['withdrawal_types', { resource: 'withdrawal-types' }],
  // The integrations' row is its own area's (integrations:read), the others are settings.
  [
    'settings',
    {
      resource: { sql: "CASE key WHEN 'integrations' THEN 'integrations' ELSE 'settings' END" },
      id: 'key',
    },
  ],
  ['legal_documents', { resource: 'legal' }],
  ['audit_log', { resource: 'audit' }],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // {"topic":"resource/<name>","type":"<kind>","ids":[...]} in payloads under 7,900 bytes.
  await sql`
    CREATE FUNCTION live_send(resource text, kind text, ids text[]) RETURNS void
    LANGUAGE plpgsql AS $$
    DECLARE
      head text := '{"topic":' || to_json('resource/' || resource)::text
        || ',"type":"' || kind || '","ids":[';
      body text := '';
      item text;
    BEGIN
      FOREACH item IN ARRAY ids LOOP
        item := to_json(item)::text;
        IF body <> '' AND octet_length(head) + octet_length(body) + octet_length(item) > 7890 THEN
          PERFORM pg_notify('rewards_changes', head || body || ']}');
          body := '';
        END IF;
        body := CASE WHEN body = '' THEN item ELSE body || ',' || item END;
      END LOOP;
      IF body <> '' THEN
        PERFORM pg_notify('rewards_changes', head || body || ']}');
      END IF;
    END $$`.execute(db);

  // TG_ARGV: the topic and id expressions, the kind, and the transition table's name.
  await sql`
    CREATE FUNCTION live_announce() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      change record;
    BEGIN
      IF current_setting('rewards.quiet', true) = 'on' THEN
        RETURN NULL;
      END IF;
      FOR change IN EXECUTE format(
        'SELECT topic, array_agg(id ORDER BY id) AS ids FROM '
        || '(SELECT DISTINCT %s AS topic, (%s)::text AS id FROM %I) AS changed GROUP BY topic',
        TG_ARGV[0], TG_ARGV[1], TG_ARGV[3])
      LOOP
        PERFORM live_send(change.topic, TG_ARGV[2], change.ids);
      END LOOP;
      RETURN NULL;
    END $$`.execute(db);

  for (const [table, announced] of ANNOUNCED) await announceChanges(db, table, announced);

  // A session ending (sign-out, an admin's sessions revoked) or what a user may do changing asks
  // every instance to check its streams now rather than at the next heartbeat. An empty payload:
  // one per transaction, however many rows.
  await sql`
    CREATE FUNCTION live_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('rewards_access', '');
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER sessions_live_revoked AFTER UPDATE OF revoked_at ON sessions
    FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
    EXECUTE FUNCTION live_access_changed()`.execute(db);
  await sql`
    CREATE TRIGGER users_live_access
    AFTER UPDATE OF status, admin_enabled, admin_permissions, sso_groups ON users
    FOR EACH ROW WHEN (
      OLD.status IS DISTINCT FROM NEW.status
      OR OLD.admin_enabled IS DISTINCT FROM NEW.admin_enabled
      OR OLD.admin_permissions IS DISTINCT FROM NEW.admin_permissions
      OR OLD.sso_groups IS DISTINCT FROM NEW.sso_groups)
    EXECUTE FUNCTION live_access_changed()`.execute(db);

  // Who views which record: refreshed every 15 s by each open page, dropped after 30 s silent.
  await sql`
    CREATE UNLOGGED TABLE presence (
      admin_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      resource text NOT NULL,
      record_id text NOT NULL,
      seen_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (resource, record_id, admin_id)
    )`.execute(db);
  await sql`CREATE INDEX presence_seen_idx ON presence (seen_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE presence`.execute(db);
  await sql`DROP TRIGGER users_live_access ON users`.execute(db);
  await sql`DROP TRIGGER sessions_live_revoked ON sessions`.execute(db);
  await sql`DROP FUNCTION live_access_changed()`.execute(db);
  for (const [table] of ANNOUNCED) await stopAnnouncing(db, table);
  await sql`DROP FUNCTION live_announce()`.execute(db);
  await sql`DROP FUNCTION live_send(text, text, text[])`.execute(db);
}
