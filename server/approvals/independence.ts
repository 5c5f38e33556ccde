import { sql } from 'kysely';
import type { Database } from '../db/connect';
import { conflict } from '../http/errors';

/**
 * Two admins are independent approvers unless, within this many days, one of them (or someone
 * who can act as either) took over the other's account or chose them as an approver.
 */
export const INDEPENDENCE_WINDOW_DAYS = 30;

/** What makes an account an approver, or lets it make one: granting these chooses approvers. */
export const APPROVING_POWERS = [
  '*',
  'withdrawals:*',
  'withdrawals:approve',
  'adjustments:*',
  'adjustments:approve',
  'users:*',
  'users:admin',
];

export const NOT_INDEPENDENT_SUFFIX = 'another admin must give the second approval.';

/** 409 approvers_not_independent with the message `approversNotIndependent` answered. */
export const notIndependent = (message: string) => conflict(message, 'approvers_not_independent');

/** One audit row linking two accounts: `actorId` controls or chose `targetId`. */
interface Link {
  kind: 'control' | 'choice';
  /** For a control link, the approver (users.id) whose owners it was found among. */
  root: number | null;
  auditId: number;
  actorId: number;
  actor: string;
  targetId: number;
  target: string;
  action: string;
  at: Date;
  /** For a choice link, the approving power granted (or kept, when promoted). */
  granted: string | null;
}

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
const dayOf = (at: Date) => `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]}`;

function describe(link: Link): string {
  const on = `on ${dayOf(link.at)}`;
  switch (link.action) {
    case 'user.password':
      return `${link.actor} set the password of ${link.target} ${on}`;
    case 'user.two_step_reset':
      return `${link.actor} reset the two-step sign-in of ${link.target} ${on}`;
    case 'user.update':
      return `${link.actor} changed the email of ${link.target} ${on}`;
    case 'user.role':
      return `${link.actor} made ${link.target} an admin with ${link.granted} ${on}`;
    default:
      return `${link.actor} granted ${link.target} ${link.granted} ${on}`;
  }
}

/**
 * Every link of the window that matters to approvers `a` and `b`, in one statement walking the
 * audit log by its (entity, entity_id, at) index: the control links (password set, two-step
 * reset, email changed) leading to each, transitively (who can act as whom); the choice links
 * (an approving power granted, or kept on being made an admin) into anyone who can act as
 * either; and the control links leading to each of those choosers. Actions of no admin (the
 * server's admin:create) and of an account on itself link nothing.
 */
function linksOf(a: number, b: number) {
  const since = sql`now() - make_interval(days => ${INDEPENDENCE_WINDOW_DAYS})`;
  const controls = sql`(a.action IN ('user.password', 'user.two_step_reset')
    OR (a.action = 'user.update' AND a.after -> 'email' IS NOT NULL))`;
  const powers = sql`${APPROVING_POWERS}::text[]`;
  // The next step looks up who controls the actor: by their public user_id, one row each.
  const actorUserId = sql`(SELECT u.user_id FROM users u WHERE u.id = a.actor_id)`;
  /** The control links leading to each of `seeds` (id, user_id), keyed by that seed as root. */
  const walk = (self: string, seeds: string) => sql`
      SELECT r.id AS root, a.id AS audit_id, a.actor_id, r.id AS target_id,
        ${actorUserId} AS actor_user_id
      FROM ${sql.table(seeds)} r
      JOIN audit_log a ON a.entity = 'user' AND a.entity_id = r.user_id AND a.at > ${since}
      WHERE ${controls} AND a.actor_id <> r.id
      UNION
      SELECT c.root, a.id, a.actor_id, c.actor_id, ${actorUserId}
      FROM ${sql.table(self)} c
      JOIN audit_log a ON a.entity = 'user' AND a.entity_id = c.actor_user_id AND a.at > ${since}
      WHERE ${controls} AND a.actor_id <> c.actor_id`;
  return sql<Link>`
    WITH RECURSIVE
    roots AS (SELECT id, user_id FROM users WHERE id IN (${a}, ${b})),
    control AS (${walk('control', 'roots')}),
    owners AS (SELECT id AS root, id FROM roots UNION SELECT root, actor_id FROM control),
    choice AS (
      SELECT o.root, a.id AS audit_id, a.actor_id, t.id AS target_id,
        CASE a.action
          WHEN 'user.permissions' THEN (
            SELECT g.p FROM jsonb_array_elements_text(a.after -> 'permissions') AS g(p)
            WHERE g.p = ANY(${powers})
              AND NOT coalesce(a.before -> 'permissions', '[]'::jsonb) ? g.p
            LIMIT 1)
          -- A promotion brings back the permissions kept: as its audit row says (rows written
          -- before it said them: as stored now).
          ELSE (
            SELECT k.p FROM jsonb_array_elements_text(
              coalesce(a.after -> 'permissions', to_jsonb(t.admin_permissions))) AS k(p)
            WHERE k.p = ANY(${powers}) LIMIT 1)
        END AS granted
      FROM owners o
      JOIN users t ON t.id = o.id
      JOIN audit_log a ON a.entity = 'user' AND a.entity_id = t.user_id AND a.at > ${since}
      WHERE a.actor_id <> t.id
        AND (a.action = 'user.permissions'
          OR (a.action = 'user.role' AND a.after ->> 'enabled' = 'true'
            AND a.before ->> 'enabled' IS DISTINCT FROM 'true'))
    ),
    chosen AS (SELECT * FROM choice WHERE granted IS NOT NULL),
    choosers AS (
      SELECT u.id, u.user_id FROM users u WHERE u.id IN (SELECT actor_id FROM chosen)
    ),
    chooser_control AS (${walk('chooser_control', 'choosers')}),
    found AS (
      SELECT DISTINCT 'control' AS kind, root, audit_id, actor_id, target_id, NULL AS granted
      FROM (
        SELECT root, audit_id, actor_id, target_id FROM control
        UNION SELECT root, audit_id, actor_id, target_id FROM chooser_control
      ) AS walked
      UNION ALL
      SELECT DISTINCT 'choice', root, audit_id, actor_id, target_id, granted FROM chosen
    )
    SELECT f.kind, f.root, f.audit_id AS "auditId", f.actor_id AS "actorId",
      actor.username AS actor, f.target_id AS "targetId", target.username AS target,
      a.action, a.at, f.granted
    FROM found f
    JOIN audit_log a ON a.id = f.audit_id
    JOIN users actor ON actor.id = f.actor_id
    JOIN users target ON target.id = f.target_id
    ORDER BY a.at, a.id`;
}

/**
 * The control links by which `owner` can act as `root`, shortest first found (breadth-first
 * from `root` up through who controls whom): empty when `owner` is `root`.
 */
function pathTo(root: number, owner: number, controls: Link[]): Link[] {
  const via = new Map<number, Link | null>([[root, null]]);
  const queue = [root];
  for (const node of queue) {
    if (node === owner) break;
    for (const link of controls) {
      if (link.targetId === node && !via.has(link.actorId)) {
        via.set(link.actorId, link);
        queue.push(link.actorId);
      }
    }
  }
  const path: Link[] = [];
  for (let link = via.get(owner); link; link = via.get(link.targetId)) path.push(link);
  return path;
}

/**
 * Why admins `a` and `b` (users.id) may not be the two approvers of one record, or null when
 * they are independent, over the last INDEPENDENCE_WINDOW_DAYS days: someone can act as both
 * (one set or reset the other's password or two-step sign-in or changed their email, or a third
 * did both, directly or along a chain), or someone who can act as one (directly or as an account
 * they control) chose someone who can act as the other: granted them an approving power, or
 * made them an admin keeping one. The message names who did what, when. Call it inside the
 * deciding transaction.
 */
export async function approversNotIndependent(
  trx: Database,
  a: number,
  b: number,
): Promise<string | null> {
  if (a === b) return null;
  const { rows } = await linksOf(a, b).execute(trx);
  const controls = rows.filter((link) => link.kind === 'control');
  const edgesOf = (root: number) => controls.filter((link) => link.root === root);
  /** Who can act as `root`: itself, and whoever controls it, transitively. */
  const ownersOf = (root: number) => [root, ...edgesOf(root).map((link) => link.actorId)];
  /** Someone who can act as both, with the links that let them; undefined if nobody. */
  const commonOwner = (x: number, y: number) => {
    const ofY = new Set(ownersOf(y));
    const owner = ownersOf(x).find((id) => ofY.has(id));
    if (owner === undefined) return undefined;
    return [...pathTo(x, owner, edgesOf(x)), ...pathTo(y, owner, edgesOf(y))];
  };

  let links = commonOwner(a, b);
  for (const choice of rows.filter((link) => link.kind === 'choice')) {
    if (links) break;
    // The choice landed on someone who can act as `root`; its chooser is tied to the other?
    const root = choice.root ?? a;
    const other = root === a ? b : a;
    const tie = commonOwner(other, choice.actorId);
    if (tie) links = [...tie, choice, ...pathTo(root, choice.targetId, edgesOf(root))];
  }
  if (!links || links.length === 0) return null;
  const said = [...new Set(links.map(describe))];
  return `${said.join(', ')}: ${NOT_INDEPENDENT_SUFFIX}`;
}
