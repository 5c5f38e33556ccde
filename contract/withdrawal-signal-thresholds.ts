/**
 * Where each risk signal of a withdrawal starts (docs/withdrawal-review.md). The database's
 * withdrawal_signals() is built from these by migration 0019, and the list's stored risk with it:
 * changing one takes a migration that recreates that function.
 */

/** `new_account`: `warning` when the account was younger than this when it asked. */
export const NEW_ACCOUNT_WARNING_HOURS = 7 * 24;
/** `new_account`: `high` when younger than this. */
export const NEW_ACCOUNT_HIGH_HOURS = 24;

/** `velocity`: `warning` at this many of the player's withdrawals in the 24 hours before. */
export const VELOCITY_WARNING_IN_24_HOURS = 3;

/** `repeated_opponent`: the player's last matches looked at. */
export const REPEATED_OPPONENT_WINDOW = 200;
/** `repeated_opponent`: matches against one human opponent, at least. */
export const REPEATED_OPPONENT_MIN_MATCHES = 20;
/** `repeated_opponent`: of which won, at least (percent). */
export const REPEATED_OPPONENT_MIN_WIN_PERCENT = 80;

/** `win_rate`: the player's last matches looked at. */
export const WIN_RATE_WINDOW = 100;
/** `win_rate`: fewer matches than this say nothing. */
export const WIN_RATE_MIN_MATCHES = 30;
/** `win_rate`: `warning` this many percentage points or more above the whole population's. */
export const WIN_RATE_POINTS_ABOVE_POPULATION = 30;
