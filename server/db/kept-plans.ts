import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type pg from 'pg';

/**
 * Marks a statement whose plan each connection keeps (see keepPlans). Only for a statement whose
 * best plan no parameter of it can change: a limit in its text, and no search term, date or
 * enum value among its parameters (those go in its text, as literals, or it is not marked).
 */
export const KEPT_PLAN = '/* plan kept */';

/** For `modifyFront`: the mark, right after `select`. */
export const keptPlan = sql.raw(KEPT_PLAN);

/**
 * Statements kept per connection. Each holds 40–120 kB of its PostgreSQL backend's memory (a
 * withdrawals page about 116 kB): at most some 7 MB a connection, 70 MB for a pool of 10.
 */
export const KEPT_PER_CONNECTION = 64;

/**
 * PostgreSQL's answer when a column was added under a kept `select *` (a rolling migration),
 * told by its code and the routine raising it, not by its text (which `lc_messages` translates).
 */
const PLAN_INVALID = { code: '0A000', routine: 'RevalidateCachedQuery' };
/** SQLSTATEs of a statement the server does not have, or has already (a pooler switched servers). */
const NO_SUCH_STATEMENT = '26000';
const ALREADY_PREPARED = '42P05';

/**
 * Makes every connection of `pool` prepare each marked statement once, by name, and run it
 * again from there: PostgreSQL then parses, analyses and plans it once per connection instead of
 * on every call, half of what a list page costs it. PostgreSQL itself keeps a custom plan while
 * the generic one would cost more. A connection keeps at most `size` of them, deallocating the
 * least recently used. Statements not marked, and any inside a transaction (where a failed
 * retry or deallocation would abort it), run as before: unnamed, planned for their values.
 */
export function keepPlans(pool: pg.Pool, size = KEPT_PER_CONNECTION): void {
  pool.on('connect', (client) => keepPlansOf(client, size));
}

type Query = (...args: unknown[]) => unknown;
interface Parsed {
  connection: { parsedStatements: Record<string, string> };
}

function keepPlansOf(client: pg.PoolClient, size: number): void {
  const query = client.query.bind(client) as Query;
  const parsed = (client as unknown as Parsed).connection.parsedStatements;
  /** Statement text to its name, least recently used first. */
  const kept = new Map<string, string>();

  /** Awaited before anything else is sent: one query at a time on the connection. */
  const forget = async (name: string) => {
    delete parsed[name];
    // A failure (the server no longer has it) leaves nothing to forget.
    await (query(`DEALLOCATE ${name}`) as Promise<unknown>).catch(() => undefined);
  };
  const nameOf = async (text: string): Promise<string> => {
    const known = kept.get(text);
    kept.delete(text);
    const name = known ?? `kept_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    kept.set(text, name);
    if (kept.size > size) {
      const [oldest, oldName] = kept.entries().next().value as [string, string];
      kept.delete(oldest);
      await forget(oldName);
    }
    return name;
  };
  const runKept = async (text: string, values: unknown) => {
    const statement = { name: await nameOf(text), text, values };
    try {
      return await (query(statement) as Promise<pg.QueryResult>);
    } catch (error) {
      const { code, routine } = error as { code?: string; routine?: string };
      // Its name is its text's: the one the server has is this statement.
      if (code === ALREADY_PREPARED) parsed[statement.name] = text;
      // Prepared again as the table is now (or on the server the pooler gave us).
      else if (
        code === NO_SUCH_STATEMENT ||
        (code === PLAN_INVALID.code && routine === PLAN_INVALID.routine)
      ) {
        await forget(statement.name);
      } else throw error;
      return query(statement);
    }
  };

  // Anything else (a callback, a config object, a cursor) goes to pg as it came, answered as pg
  // answers it: a cursor, not a promise of one.
  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    const keeps =
      typeof text === 'string' &&
      text.includes(KEPT_PLAN) &&
      args.length <= 2 &&
      (values === undefined || Array.isArray(values)) &&
      client.getTransactionStatus() === 'I';
    return keeps ? runKept(text, values) : query(...args);
  }) as typeof client.query;
}
