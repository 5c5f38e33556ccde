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
 * reset, email changed) leading to each, transitively (who can act as whom), then the choice
 * links (an approving power granted, or kept on being made an admin) running from anyone who
 * can act as one to anyone who can act as the other. Actions of no admin (the server's
 * admin:create) and of an account on itself link nothing.
 */
function linksOf(a: number, b: number) {
  const since = sql`now() - make_interval(days => ${INDEPENDENCE_WINDOW_DAYS})`;
  const controls = sql`(a.action IN ('user.password', 'user.two_step_reset')
    OR (a.action = 'user.update' AND a.after -> 'email' IS NOT NULL))`;
  const powers = sql`${APPROVING_POWERS}::text[]`;
  // The next step looks up who controls the actor: by their public user_id, one row each.
  const actorUserId = sql`(SELECT u.user_id FROM users u WHERE u.id = a.actor_id)`;
  return sql<Link>`
    WITH RECURSIVE
    roots AS (
      SELECT id AS root, id, user_id FROM users WHERE id IN (${a}, ${b})
    ),
    control AS (
      SELECT r.root, a.id AS audit_id, a.actor_id, r.id AS target_id, ${actorUserId} AS actor_user_id
      FROM roots r
      JOIN audit_log a ON a.entity = 'user' AND a.entity_id = r.user_id AND a.at > ${since}
      WHERE ${controls} AND a.actor_id <> r.id
      UNION
      SELECT c.root, a.id, a.actor_id, c.actor_id, ${actorUserId}
      FROM control c
      JOIN audit_log a ON a.entity = 'user' AND a.entity_id = c.actor_user_id AND a.at > ${since}
      WHERE ${controls} AND a.actor_id <> c.actor_id
    ),
    owners AS (
      SELECT root, id FROM roots UNION SELECT root, actor_id FROM control
    ),
    choice AS (
      SELECT a.id AS audit_id, a.actor_id, t.id AS target_id,
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
      FROM owners f
      JOIN owners o ON o.root <> f.root
      JOIN users t ON t.id = o.id
      JOIN audit_log a ON a.entity = 'user' AND a.entity_id = t.user_id AND a.at > ${since}
        AND a.actor_id = f.id
      WHERE a.actor_id <> t.id
        AND (a.action = 'user.permissions'
          OR (a.action = 'user.role' AND a.after ->> 'enabled' = 'true'
            AND a.before ->> 'enabled' IS DISTINCT FROM 'true'))
    ),
    found AS (
      SELECT DISTINCT 'control' AS kind, root, audit_id, actor_id, target_id, NULL AS granted
      FROM control
      UNION ALL
      SELECT DISTINCT 'choice', NULL::bigint, audit_id, actor_id, target_id, granted
      FROM choice WHERE granted IS NOT NULL
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
 * they are independent: someone can act as both (one set or reset the other's password or
 * two-step sign-in or changed their email, or a third did both, directly or along a chain), or
 * one of those who can act as one chose the other (granted them an approving power, or made
 * them an admin keeping one), in the last INDEPENDENCE_WINDOW_DAYS days. The message names who
 * did what, when. Call it inside the deciding transaction.
 */
export async function approversNotIndependent(
  trx: Database,
  a: number,
  b: number,
): Promise<string | null> {
  if (a === b) return null;
  const { rows } = await linksOf(a, b).execute(trx);
  const controls = rows.filter((link) => link.kind === 'control');
  const ownersOf = (root: number) =>
    new Set([root, ...controls.filter((link) => link.root === root).map((link) => link.actorId)]);
  const ownersA = ownersOf(a);
  const ownersB = ownersOf(b);
  const edgesOf = (root: number) => controls.filter((link) => link.root === root);
  const owning = (owner: number) => [
    ...pathTo(a, owner, edgesOf(a)),
    ...pathTo(b, owner, edgesOf(b)),
  ];

  const common = [...ownersA].find((id) => ownersB.has(id));
  // Someone acting as both; else each choice with how its chooser and its chosen act as the two.
  const links =
    common !== undefined
      ? owning(common)
      : rows
          .filter((link) => link.kind === 'choice')
          .flatMap((choice) => [...owning(choice.actorId), choice, ...owning(choice.targetId)]);
  if (links.length === 0) return null;
  const said = [...new Set(links.map(describe))];
  return `${said.join(', ')}: ${NOT_INDEPENDENT_SUFFIX}`;
}
