// bench:live's change rate: bots' active flags flipped, each flip its own transaction with an
// audit row (so each announces two changes, the bot and the audit row, as an admin's edit does).
import { performance } from 'node:perf_hooks';

/** The one clock of bench/live.mjs and its subscribers: milliseconds since the epoch, sub-ms. */
export const now = () => performance.timeOrigin + performance.now();

/** A flip through the API: PATCH /admin/bots/:botId, as the console sends it. */
export const apiWriter =
  ({ base, headers }) =>
  async (bot, active) => {
    const res = await fetch(`${base}/admin/bots/${encodeURIComponent(bot)}`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ active }),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`PATCH bot ${bot}: ${res.status}`);
  };

/**
 * A flip in SQL, one statement in its own transaction (its commit ends the round trip), as
 * another instance or the game would write: the instance under test only delivers it.
 */
export const sqlWriter = (pool) => async (bot, active) => {
  const { rowCount } = await pool.query(
    `WITH changed AS (
       UPDATE bots SET active = $2, updated_at = now() WHERE bot_id = $1 RETURNING bot_id
     )
     INSERT INTO audit_log (actor, action, entity, entity_id, before, after)
     SELECT 'bench:live', 'bot.update', 'bot', bot_id,
            jsonb_build_object('active', NOT $2), jsonb_build_object('active', $2)
     FROM changed`,
    [bot, active],
  );
  if (rowCount !== 1) throw new Error(`bot ${bot} not found`);
};

/**
 * Flips bots' active flag with `write`, `rate` a second, turn by turn over `bots`, never two
 * writes of one bot in flight (so each bot's writes commit in the order sent). `stop` answers,
 * per bot, the time just before each successful write was sent, in order, and how long each took.
 * `state` (botId → active) is kept current, to put the bots back afterwards.
 */
export function startChanges({ write, bots, state, rate }) {
  const writes = Object.fromEntries(bots.map((bot) => [bot, []]));
  const busy = new Set();
  const inFlight = new Set();
  const failed = [];
  const took = [];
  let next = 0;
  let due = 0;
  let skipped = 0;
  const started = performance.now();

  function flip(bot) {
    busy.add(bot);
    const active = !state.get(bot);
    const sent = now();
    const done = write(bot, active)
      .then(() => {
        state.set(bot, active);
        writes[bot].push(sent);
        took.push(now() - sent);
      })
      .catch((error) => failed.push(error.message))
      .finally(() => {
        busy.delete(bot);
        inFlight.delete(done);
      });
    inFlight.add(done);
  }

  const timer = setInterval(() => {
    const target = Math.floor(((performance.now() - started) * rate) / 1000);
    for (; due < target; due++) {
      let turn = 0;
      while (turn < bots.length && busy.has(bots[(next + turn) % bots.length])) turn++;
      // Every bot still has its last write in flight: the writes are that far behind.
      if (turn === bots.length) {
        skipped++;
        continue;
      }
      flip(bots[(next + turn) % bots.length]);
      next = (next + turn + 1) % bots.length;
    }
  }, 5);

  return {
    async stop() {
      clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      await Promise.all(inFlight);
      const count = Object.values(writes).reduce((sum, times) => sum + times.length, 0);
      return { writes, count, seconds, skipped, failed, took };
    },
  };
}

/** Puts each bot's active flag back as it was before the benchmark. */
export async function restoreBots({ write, state, original }) {
  for (const [bot, active] of original) {
    if (state.get(bot) === active) continue;
    await write(bot, active);
    state.set(bot, active);
  }
}
