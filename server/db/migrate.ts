import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Database } from './connect';
import * as foundation from './migrations/0001_foundation';
import * as usersMatchesWithdrawals from './migrations/0002_users_matches_withdrawals';
import * as rowCounts from './migrations/0003_row_counts';
import * as botsGamesWithdrawalTypes from './migrations/0004_bots_games_withdrawal_types';
import * as settingsLegalDecks from './migrations/0005_settings_legal_decks';
import * as auditLogFilters from './migrations/0006_audit_log_filters';
import * as signupsPerHour from './migrations/0007_signups_per_hour';
import * as sortIndexes from './migrations/0008_list_sort_indexes';
import * as searchStatistics from './migrations/0009_search_trigram_statistics';
import * as searchIndexesShortPendingList from './migrations/0010_search_indexes_short_pending_list';
import * as loginAttemptsInFlight from './migrations/0011_login_attempts_in_flight';
import * as permissions from './migrations/0012_permissions';
import * as fourEyes from './migrations/0013_four_eyes';
import * as liveUpdates from './migrations/0014_live_updates';
import * as twoStepSignIn from './migrations/0015_two_step_sign_in';
import * as deviceCookies from './migrations/0016_device_cookies';
import * as twoStepGuards from './migrations/0017_two_step_guards';
import * as adjustments from './migrations/0018_adjustments';
import * as withdrawalRisk from './migrations/0019_withdrawal_risk';

// Listed here rather than read from the folder, so bundlers see them. They run in the order of
// their names: a new one is named with its date and what it does ('20261127_announcements'),
// so two added at once never need the same number.
const migrations = {
  '0001_foundation': foundation,
  '0002_users_matches_withdrawals': usersMatchesWithdrawals,
  '0003_row_counts': rowCounts,
  '0004_bots_games_withdrawal_types': botsGamesWithdrawalTypes,
  '0005_settings_legal_decks': settingsLegalDecks,
  '0006_audit_log_filters': auditLogFilters,
  '0007_signups_per_hour': signupsPerHour,
  '0008_list_sort_indexes': sortIndexes,
  '0009_search_trigram_statistics': searchStatistics,
  '0010_search_indexes_short_pending_list': searchIndexesShortPendingList,
  '0011_login_attempts_in_flight': loginAttemptsInFlight,
  '0012_permissions': permissions,
  '0013_four_eyes': fourEyes,
  '0014_live_updates': liveUpdates,
  '0015_two_step_sign_in': twoStepSignIn,
  '0016_device_cookies': deviceCookies,
  '0017_two_step_guards': twoStepGuards,
  '0018_adjustments': adjustments,
  '0019_withdrawal_risk': withdrawalRisk,
};

const migratorFor = (db: Database) =>
  new Migrator({ db, provider: { getMigrations: async () => migrations } });

/** Brings the schema up to date; the Migrator's lock makes concurrent starts safe. */
export async function migrate(db: Database): Promise<void> {
  const migrator = migratorFor(db);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${(error as Error)?.message ?? error}`);
  }
}

/** The migrations this code has that the database has not applied yet: one small read. */
export async function pendingMigrations(db: Database): Promise<string[]> {
  const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration`
    .execute(db)
    .then(({ rows }) => new Set(rows.map((row) => row.name)))
    .catch((error: { code?: string }) => {
      if (error.code === '42P01') return new Set<string>(); // no migration ever ran
      throw error;
    });
  return Object.keys(migrations).filter((name) => !applied.has(name));
}
