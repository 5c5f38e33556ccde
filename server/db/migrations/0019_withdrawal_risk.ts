import { type Kysely, sql } from 'kysely';
import {
  NEW_ACCOUNT_HIGH_HOURS,
  NEW_ACCOUNT_WARNING_HOURS,
  REPEATED_OPPONENT_MIN_MATCHES,
  REPEATED_OPPONENT_MIN_WIN_PERCENT,
  REPEATED_OPPONENT_WINDOW,
  VELOCITY_WARNING_IN_24_HOURS,
  WIN_RATE_MIN_MATCHES,
  WIN_RATE_POINTS_ABOVE_POPULATION,
  WIN_RATE_WINDOW,
} from '../../../contract/withdrawal-signal-thresholds';

const n = (value: number) => sql.lit(value);

/**
 * The risk signals of a withdrawal (docs/withdrawal-review.md), computed by one function,
 * withdrawal_signals(id), that the signals endpoint reads; and each withdrawal's highest level
 * and count of signals kept on its row (risk_level, risk_count), so the list shows and filters
 * them off an index. The stored risk is computed when a withdrawal is created and, while it is
 * pending, again whenever a fact it depends on changes: a withdrawal of the player or to the same
 * destination created, rejected or moved; a player disabled or re-enabled, or their referral
 * changed. Matches count as of when the withdrawal was asked (those started before it), so they
 * never change it; the population's win rate is read from counts kept by trigger (row_counts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Matches per outcome, for the population's win rate: one row read instead of ten million.
  await sql`LOCK TABLE matches IN SHARE ROW EXCLUSIVE MODE`.execute(db);
  await sql`
    INSERT INTO row_counts (entity, key, n)
    SELECT 'matches', outcome, count(*) FROM matches GROUP BY outcome`.execute(db);
  await sql`
    CREATE FUNCTION match_outcomes_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- Each statement names only the transition tables its event has.
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM row_counts WHERE entity = 'matches';
      ELSIF TG_OP = 'INSERT' THEN
        INSERT INTO row_counts (entity, key, n)
        SELECT 'matches', outcome, count(*) FROM new_rows GROUP BY outcome ORDER BY outcome
        ON CONFLICT (entity, key) DO UPDATE SET n = row_counts.n + EXCLUDED.n;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO row_counts (entity, key, n)
        SELECT 'matches', outcome, -count(*) FROM old_rows GROUP BY outcome ORDER BY outcome
        ON CONFLICT (entity, key) DO UPDATE SET n = row_counts.n + EXCLUDED.n;
      ELSE
        INSERT INTO row_counts (entity, key, n)
        SELECT 'matches', outcome, sum(d) FROM (
          SELECT outcome, 1 AS d FROM new_rows
          UNION ALL
          SELECT outcome, -1 AS d FROM old_rows
        ) changes GROUP BY outcome HAVING sum(d) <> 0 ORDER BY outcome
        ON CONFLICT (entity, key) DO UPDATE SET n = row_counts.n + EXCLUDED.n;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER matches_count_insert AFTER INSERT ON matches
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION match_outcomes_count()`.execute(db);
  await sql`
    CREATE TRIGGER matches_count_delete AFTER DELETE ON matches
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION match_outcomes_count()`.execute(db);
  await sql`
    CREATE TRIGGER matches_count_update AFTER UPDATE ON matches
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION match_outcomes_count()`.execute(db);
  await sql`
    CREATE TRIGGER matches_count_truncate AFTER TRUNCATE ON matches
    FOR EACH STATEMENT EXECUTE FUNCTION match_outcomes_count()`.execute(db);

  // Destinations compare trimmed and without regard to case: the list filter and the signals.
  await sql`
    CREATE INDEX withdrawals_destination_key_idx ON withdrawals (lower(btrim(destination)))`.execute(
    db,
  );
  await sql`CREATE INDEX users_referred_by_idx ON users (referred_by)`.execute(db);

  await sql`
    ALTER TABLE withdrawals
      ADD COLUMN risk_level text CHECK (risk_level IN ('info', 'warning', 'high')),
      ADD COLUMN risk_count smallint NOT NULL DEFAULT 0 CHECK (risk_count >= 0)`.execute(db);
  // The risk filter, newest first, of all statuses or of one.
  await sql`
    CREATE INDEX withdrawals_risk_created_idx
    ON withdrawals (risk_level, created_at DESC, id DESC)`.execute(db);
  await sql`
    CREATE INDEX withdrawals_status_risk_created_idx
    ON withdrawals (status, risk_level, created_at DESC, id DESC)`.execute(db);

  await sql`
    CREATE FUNCTION withdrawal_signals(wid bigint)
    RETURNS TABLE (code text, level text, facts jsonb)
    LANGUAGE plpgsql STABLE AS $$
    #variable_conflict use_column
    DECLARE
      w withdrawals%ROWTYPE;
      u users%ROWTYPE;
      v_key text;
      v_age interval;
      v_day bigint;
      v_week bigint;
      v_ids bigint[];
      v_matches bigint;
      v_wins bigint;
      v_pop_wins numeric;
      v_pop_total numeric;
    BEGIN
      SELECT * INTO w FROM withdrawals WHERE id = wid;
      IF NOT FOUND THEN RETURN; END IF;
      SELECT * INTO u FROM users WHERE user_id = w.user_id;
      v_key := lower(btrim(w.destination));

      IF u.status = 'disabled' THEN
        RETURN QUERY SELECT 'user_disabled'::text, 'high'::text,
                            jsonb_build_object('playerId', u.user_id);
      END IF;

      -- Other accounts paid to the same destination; high when one is disabled or was caught.
      RETURN QUERY
      SELECT 'shared_destination'::text,
             CASE WHEN bool_or(o.flagged) THEN 'high' ELSE 'warning' END,
             jsonb_build_object('destination', btrim(w.destination), 'accounts', count(*),
                                'flaggedAccounts', count(*) FILTER (WHERE o.flagged))
      FROM (
        SELECT ou.status = 'disabled' OR EXISTS (
                 SELECT 1 FROM withdrawals r
                 WHERE r.user_id = ou.user_id AND r.status = 'rejected'
                   AND r.reason_code IN ('fraud_suspected', 'duplicate_account')) AS flagged
        FROM users ou
        WHERE ou.user_id IN (
          SELECT x.user_id FROM withdrawals x
          WHERE lower(btrim(x.destination)) = v_key AND x.user_id <> w.user_id)
      ) o
      HAVING count(*) > 0;

      v_age := w.created_at - u.created_at;
      IF v_age >= interval '0' AND v_age < make_interval(hours => ${n(NEW_ACCOUNT_WARNING_HOURS)}) THEN
        RETURN QUERY
        SELECT 'new_account'::text,
               CASE WHEN v_age < make_interval(hours => ${n(NEW_ACCOUNT_HIGH_HOURS)})
                    THEN 'high' ELSE 'warning' END,
               jsonb_build_object('playerId', u.user_id,
                                  'ageHours', floor(extract(epoch FROM v_age) / 3600)::bigint);
      END IF;

      -- The player's withdrawals asked before this one.
      SELECT count(*) FILTER (WHERE x.created_at >= w.created_at - interval '24 hours'),
             count(*),
             (array_agg(x.id ORDER BY x.created_at DESC, x.id DESC))[1:100]
      INTO v_day, v_week, v_ids
      FROM withdrawals x
      WHERE x.user_id = w.user_id AND x.created_at >= w.created_at - interval '7 days'
        AND (x.created_at, x.id) < (w.created_at, w.id);
      IF v_week > 0 THEN
        RETURN QUERY
        SELECT 'velocity'::text,
               CASE WHEN v_day >= ${n(VELOCITY_WARNING_IN_24_HOURS)} THEN 'warning' ELSE 'info' END,
               jsonb_build_object('last24Hours', v_day, 'last7Days', v_week, 'ids', to_jsonb(v_ids));
      END IF;

      -- Collusion: one human opponent, again and again, mostly beaten.
      RETURN QUERY
      SELECT 'repeated_opponent'::text, 'high'::text,
             jsonb_build_object('opponentId', o.user_id, 'opponentUsername', o.username,
                                'matches', m.played, 'wins', m.won)
      FROM (
        SELECT r.opponent_user_id, count(*) AS played,
               count(*) FILTER (WHERE r.outcome = 'win') AS won
        FROM (
          SELECT mt.opponent_user_id, mt.outcome FROM matches mt
          WHERE mt.user_id = u.id AND mt.started_at < w.created_at
          ORDER BY mt.started_at DESC, mt.id DESC LIMIT ${n(REPEATED_OPPONENT_WINDOW)}
        ) r
        WHERE r.opponent_user_id IS NOT NULL
        GROUP BY r.opponent_user_id
      ) m
      JOIN users o ON o.id = m.opponent_user_id
      WHERE m.played >= ${n(REPEATED_OPPONENT_MIN_MATCHES)}
        AND m.won * 100 >= ${n(REPEATED_OPPONENT_MIN_WIN_PERCENT)} * m.played
      ORDER BY m.played DESC, o.id;

      SELECT count(*), count(*) FILTER (WHERE r.outcome = 'win') INTO v_matches, v_wins
      FROM (
        SELECT mt.outcome FROM matches mt
        WHERE mt.user_id = u.id AND mt.started_at < w.created_at
        ORDER BY mt.started_at DESC, mt.id DESC LIMIT ${n(WIN_RATE_WINDOW)}
      ) r;
      IF v_matches >= ${n(WIN_RATE_MIN_MATCHES)} THEN
        SELECT coalesce(sum(rc.n) FILTER (WHERE rc.key = 'win'), 0), coalesce(sum(rc.n), 0)
        INTO v_pop_wins, v_pop_total
        FROM row_counts rc WHERE rc.entity = 'matches';
        -- wins/matches - popWins/popTotal >= points/100, in whole numbers.
        IF v_pop_total > 0 AND 100 * (v_wins * v_pop_total - v_pop_wins * v_matches)
             >= ${n(WIN_RATE_POINTS_ABOVE_POPULATION)} * v_matches * v_pop_total THEN
          RETURN QUERY
          SELECT 'win_rate'::text, 'warning'::text,
                 jsonb_build_object('playerId', u.user_id, 'matches', v_matches, 'wins', v_wins,
                                    'populationPercent', round(100 * v_pop_wins / v_pop_total, 1));
        END IF;
      END IF;

      RETURN QUERY
      SELECT 'prior_rejections'::text,
             CASE WHEN bool_or(x.reason_code = 'fraud_suspected') THEN 'high' ELSE 'warning' END,
             jsonb_build_object(
               'count', count(*),
               'reasons', jsonb_agg(DISTINCT coalesce(x.reason_code, 'unstated')),
               'ids', to_jsonb((array_agg(x.id ORDER BY x.created_at DESC, x.id DESC))[1:100]))
      FROM withdrawals x
      WHERE x.user_id = w.user_id AND x.status = 'rejected'
        AND (x.created_at, x.id) < (w.created_at, w.id)
      HAVING count(*) > 0;

      RETURN QUERY
      SELECT 'referral_link'::text, 'high'::text,
             jsonb_build_object(
               'destination', btrim(w.destination),
               'players', jsonb_agg(jsonb_build_object('id', p.id::text, 'username', p.username,
                                                       'relation', p.relation)
                                    ORDER BY p.relation, p.username))
      FROM (
        SELECT r.id, r.username, r.user_id, 'referrer' AS relation
        FROM users r WHERE r.referral_code = u.referred_by
        UNION ALL
        SELECT r.id, r.username, r.user_id, 'referred' FROM users r WHERE r.referred_by = u.referral_code
      ) p
      WHERE p.user_id <> w.user_id AND EXISTS (
        SELECT 1 FROM withdrawals x
        WHERE x.user_id = p.user_id AND lower(btrim(x.destination)) = v_key)
      HAVING count(*) > 0;
    END $$`.execute(db);

  await sql`
    CREATE FUNCTION refresh_withdrawal_risk(ids bigint[]) RETURNS void LANGUAGE sql AS $$
      WITH locked AS (
        SELECT id FROM withdrawals WHERE id IN (SELECT unnest(ids)) ORDER BY id
        FOR UPDATE SKIP LOCKED
      )
      UPDATE withdrawals w SET risk_level = r.level, risk_count = r.signals
      FROM (
        SELECT i.id,
               CASE max(CASE s.level WHEN 'high' THEN 3 WHEN 'warning' THEN 2 ELSE 1 END)
                 FILTER (WHERE s.level IS NOT NULL)
                 WHEN 3 THEN 'high' WHEN 2 THEN 'warning' WHEN 1 THEN 'info' END AS level,
               count(s.code)::smallint AS signals
        FROM locked i
        LEFT JOIN LATERAL withdrawal_signals(i.id) s ON true
        GROUP BY i.id
      ) r
      WHERE w.id = r.id AND (w.risk_level IS DISTINCT FROM r.level OR w.risk_count <> r.signals)
    $$`.execute(db);
  // A row another transaction holds is skipped, never waited for: waiting on the rows of a
  // concurrent decision while holding one's own is a deadlock. That transaction is deciding the
  // row (so it leaves the queue) or refreshing it itself.
  // These withdrawals, and the pending ones whose signals these players' facts feed: theirs,
  // and every other player's to a destination they used.
  await sql`
    CREATE FUNCTION refresh_risk_around(ids bigint[], players text[]) RETURNS void
    LANGUAGE sql AS $$
      SELECT refresh_withdrawal_risk(ARRAY(
        SELECT unnest(ids)
        UNION
        SELECT x.id FROM withdrawals x WHERE x.status = 'pending' AND x.user_id = ANY (players)
        UNION
        SELECT x.id FROM withdrawals x
        WHERE x.status = 'pending' AND lower(btrim(x.destination)) IN (
          SELECT lower(btrim(y.destination)) FROM withdrawals y WHERE y.user_id = ANY (players))
      ))
    $$`.execute(db);

  await sql`
    CREATE FUNCTION withdrawals_risk_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      was text := current_setting('rewards.quiet', true);
    BEGIN
      -- A new row's own risk goes out with its 'created' event, not as an 'updated' of its own;
      -- the other pending rows it moves are announced.
      PERFORM set_config('rewards.quiet', 'on', true);
      PERFORM refresh_withdrawal_risk(ARRAY(SELECT id FROM new_rows));
      PERFORM set_config('rewards.quiet', coalesce(was, ''), true);
      PERFORM refresh_risk_around('{}', ARRAY(SELECT DISTINCT user_id FROM new_rows));
      RETURN NULL;
    END $$`.execute(db);
  // Only what a signal reads: a rejection given or withdrawn, its reason, who, where, when.
  // The risk written back changes none of these, so it does not come round again.
  await sql`
    CREATE FUNCTION withdrawals_risk_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      players text[];
    BEGIN
      players := ARRAY(
        SELECT DISTINCT v.player
        FROM old_rows o
        JOIN new_rows nw ON nw.id = o.id
        CROSS JOIN LATERAL (VALUES (o.user_id), (nw.user_id)) AS v (player)
        WHERE (nw.status = 'rejected') <> (o.status = 'rejected')
           OR nw.reason_code IS DISTINCT FROM o.reason_code
           OR nw.destination <> o.destination
           OR nw.user_id <> o.user_id
           OR nw.created_at <> o.created_at);
      -- A statement trigger fires for no rows too: the risk's own update must end here.
      IF cardinality(players) > 0 THEN
        PERFORM refresh_risk_around('{}', players);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION users_risk_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      players text[];
    BEGIN
      players := ARRAY(
        SELECT nw.user_id
        FROM old_rows o
        JOIN new_rows nw ON nw.id = o.id
        WHERE (nw.status = 'disabled') <> (o.status = 'disabled')
           OR nw.referred_by IS DISTINCT FROM o.referred_by
           OR nw.referral_code <> o.referral_code);
      IF cardinality(players) > 0 THEN
        PERFORM refresh_risk_around('{}', players);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER withdrawals_risk_insert AFTER INSERT ON withdrawals
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION withdrawals_risk_on_insert()`.execute(db);
  await sql`
    CREATE TRIGGER withdrawals_risk_update AFTER UPDATE ON withdrawals
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION withdrawals_risk_on_update()`.execute(db);
  await sql`
    CREATE TRIGGER users_risk_update AFTER UPDATE ON users
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION users_risk_on_update()`.execute(db);

  // Every existing row's risk, unannounced: no console is following a migration.
  await sql`SET LOCAL rewards.quiet = on`.execute(db);
  await sql`SELECT refresh_withdrawal_risk(ARRAY(SELECT id FROM withdrawals))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER users_risk_update ON users`.execute(db);
  await sql`DROP TRIGGER withdrawals_risk_update ON withdrawals`.execute(db);
  await sql`DROP TRIGGER withdrawals_risk_insert ON withdrawals`.execute(db);
  await sql`
    DROP FUNCTION users_risk_on_update(), withdrawals_risk_on_update(),
      withdrawals_risk_on_insert(), refresh_risk_around(bigint[], text[]),
      refresh_withdrawal_risk(bigint[]), withdrawal_signals(bigint)`.execute(db);
  await sql`
    ALTER TABLE withdrawals DROP COLUMN risk_level, DROP COLUMN risk_count`.execute(db);
  await sql`DROP INDEX users_referred_by_idx, withdrawals_destination_key_idx`.execute(db);
  for (const event of ['insert', 'delete', 'update', 'truncate']) {
    await sql`DROP TRIGGER ${sql.id(`matches_count_${event}`)} ON matches`.execute(db);
  }
  await sql`DROP FUNCTION match_outcomes_count()`.execute(db);
  await sql`DELETE FROM row_counts WHERE entity = 'matches'`.execute(db);
}
