import {
  type AudienceGrant,
  type AudienceGrantDto,
  type GrantLevel,
  PERSON_AUDIENCES,
  TEXT_AUDIENCES,
} from '@hallway/shared';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../db/client.js';
import { newId } from '../db/ids.js';
import { invalidFields } from '../errors/app-error.js';
import type { RequestContext } from '../http/context.js';

/**
 * The grants policy: access grants on content (spec portal §6 "Access grants on content"), one for every module
 * whose objects name their audiences — groups today; knowledge base articles, polls, services and learning next.
 * A module names its own object kind (`'group'`, `'article'`, …) and keeps its own rules around the answer (a
 * group's members always read it; a public group is read when no grant matches).
 *
 * - Grants live in `audience_grants` under (workspace, object kind, object id). The table is declared with the
 *   people's tables (`modules/users/tables.ts`: its `client_id` points at the workspaces' table, which a platform
 *   file does not import); this file alone reads and writes it.
 * - A person's level on an object is the highest grant that matches them (`write` over `read`); a matching `none`
 *   wins over everything; no grant matching: null, and the object's own default applies.
 * - What the grants need of a person (chief, position, department, city, working time, whether somebody names them
 *   chief) is read from their current `users` row by SQL, so a person who moves to another department, city or
 *   chief gets the access of the new one at once. SQL rather than a service of the users module: "everyone a grant
 *   reaches" is one statement over every row of `users` (notifications, counts), and "objects of kind K this person
 *   may read" binds the person once as parameters of one statement over the objects — a service answering values
 *   would need a query per person or per object.
 *
 * Working time is the tenure in whole months since `users.working_since` (the day of the month counts: from
 * 2024-01-15, 2024-02-14 is 0 months and 2024-02-15 is 1), bounds inclusive; people without the date never match.
 * docs/api.md "Audience grants" lists the audiences; docs/modules.md "Content grants" shows a module using them.
 */

/** A person's attributes as the grants see them: bound once as parameters of a query over many objects. */
export interface GrantPerson {
  id: string;
  chief: string | null;
  /** Lower-cased and trimmed, as grant keys are. */
  position: string;
  department: string;
  city: string;
  /** Whole months since workingSince, or null. */
  tenure: number | null;
  /** Somebody (active) names them as chief. */
  isHead: boolean;
}

/** The people of a `users` row of the outer query (`FROM users u …`): recipients, other people by id. */
export interface PeopleRows {
  readonly usersAlias: string;
}

/** Whom a grant question is about: one person (bound parameters) or each `users` row of the query. */
export type Grantee = GrantPerson | PeopleRows;

/** `peopleRows('u')`: the grants asked for every row of `users u` of the outer query. */
export function peopleRows(usersAlias: string): PeopleRows {
  if (!/^[a-z_][a-z0-9_]*$/.test(usersAlias)) throw new Error(`not an SQL alias: ${usersAlias}`);
  return { usersAlias };
}

/** The same attributes as SQL expressions. */
interface PersonSql {
  id: SQL;
  chief: SQL;
  position: SQL;
  department: SQL;
  city: SQL;
  tenure: SQL;
  isHead: SQL;
}

const tenureOf = (date: SQL) =>
  sql`(extract(year from age(current_date, ${date})) * 12 + extract(month from age(current_date, ${date})))::int`;

/** Loads a person of the caller's workspace as the grants see them (null: no such person, or deleted). */
export async function grantPerson(ctx: RequestContext, userId: string): Promise<GrantPerson | null> {
  const [row] = await rowsOf<{
    id: string;
    chief: string | null;
    position: string;
    department: string;
    city: string;
    tenure: number | null;
    is_head: boolean;
  }>(
    ctx.db,
    sql`SELECT u.id, u.chief, lower(trim(u.position)) AS position, lower(trim(u.department)) AS department,
          lower(trim(u.city)) AS city, ${tenureOf(sql`u.working_since`)} AS tenure,
          EXISTS (SELECT 1 FROM users c WHERE c.client_id = u.client_id AND c.chief = u.id AND NOT c.deletion_mark) AS is_head
        FROM users u WHERE u.id = ${userId} AND u.client_id = ${ctx.tenant()} AND NOT u.deletion_mark`,
  );
  if (!row) return null;
  return {
    id: row.id,
    chief: row.chief,
    position: row.position,
    department: row.department,
    city: row.city,
    tenure: row.tenure === null ? null : Number(row.tenure),
    isHead: row.is_head,
  };
}

const callers = new WeakMap<RequestContext, Promise<GrantPerson>>();

/**
 * The caller as the grants see them, loaded once per request. Someone without a row in the workspace (the
 * superadmin acting in it) matches only `all` and the grants that name them.
 */
export function callerGrantPerson(ctx: RequestContext): Promise<GrantPerson> {
  let caller = callers.get(ctx);
  if (!caller) {
    const me = ctx.me();
    caller = grantPerson(ctx, me.id).then(
      (person) =>
        person ?? { id: me.id, chief: null, position: '', department: '', city: '', tenure: null, isHead: false },
    );
    callers.set(ctx, caller);
  }
  return caller;
}

function personSql(who: Grantee): PersonSql {
  if ('usersAlias' in who) {
    const c = (name: string) => sql.raw(`${who.usersAlias}.${name}`);
    return {
      id: sql`${c('id')}::text`,
      chief: sql`${c('chief')}::text`,
      position: sql`lower(trim(${c('position')}))`,
      department: sql`lower(trim(${c('department')}))`,
      city: sql`lower(trim(${c('city')}))`,
      tenure: tenureOf(c('working_since')),
      isHead: sql`EXISTS (SELECT 1 FROM users hc WHERE hc.client_id = ${c('client_id')} AND hc.chief = ${c('id')} AND NOT hc.deletion_mark)`,
    };
  }
  return {
    id: sql`${who.id}::text`,
    chief: sql`${who.chief}::text`,
    position: sql`${who.position}::text`,
    department: sql`${who.department}::text`,
    city: sql`${who.city}::text`,
    tenure: sql`${who.tenure}::int`,
    isHead: sql`${who.isHead}::boolean`,
  };
}

/** Whether the grant row `g` matches the person. Empty person fields never match (keys are never empty). */
function grantMatches(p: PersonSql): SQL {
  return sql`(g.audience = 'all'
    OR (g.audience = 'heads' AND ${p.isHead})
    OR (g.audience = 'by_head' AND ${p.chief} = ANY(g.keys))
    OR (g.audience IN ('name', 'manual') AND ${p.id} = ANY(g.keys))
    OR (g.audience = 'position' AND ${p.position} = ANY(g.keys))
    OR (g.audience = 'department' AND ${p.department} = ANY(g.keys))
    OR (g.audience = 'city' AND ${p.city} = ANY(g.keys))
    OR (g.audience = 'working_time' AND ${p.tenure} IS NOT NULL
        AND ${p.tenure} >= coalesce(g.tenure_from, 0) AND ${p.tenure} <= coalesce(g.tenure_to, 2147483647)))`;
}

/** An object: a column of the outer query, or an id as SQL (`sql\`${id}::uuid\``). */
export type ObjectRef = AnyColumn | SQL;

/** `EXISTS` a grant of the object matching the person with one of the levels (walks the object index). */
function matching(clientId: string, kind: string, objectId: ObjectRef, p: PersonSql, levels: GrantLevel[]): SQL {
  return sql`EXISTS (SELECT 1 FROM audience_grants g
    WHERE g.client_id = ${clientId} AND g.object_kind = ${kind} AND g.object_id = ${objectId}
      AND g.level IN (${sql.join(
        levels.map((l) => sql`${l}`),
        sql`, `,
      )}) AND ${grantMatches(p)})`;
}

const reaching = (level: 'read' | 'write'): GrantLevel[] => (level === 'read' ? ['read', 'write'] : ['write']);

/**
 * The level the grants give on the object: 'none', 'write', 'read', or NULL when no grant matches (the object's own
 * default then applies). `clientId` is the workspace (`ctx.tenant()`).
 */
export function grantLevelSql(
  clientId: string,
  kind: string,
  objectId: ObjectRef,
  who: Grantee,
): SQL<GrantLevel | null> {
  const p = personSql(who);
  return sql<GrantLevel | null>`(CASE WHEN ${matching(clientId, kind, objectId, p, ['none'])} THEN 'none'
    WHEN ${matching(clientId, kind, objectId, p, ['write'])} THEN 'write'
    WHEN ${matching(clientId, kind, objectId, p, ['read'])} THEN 'read' END)`;
}

/**
 * "The grants give this person `level` on the object" as a predicate (on the object's id column: the objects of
 * kind K they may read or write): no matching `none` and a matching grant of the level (write counts as read). A
 * person's attributes are parameters, so the plan walks `audience_grants_object_idx` per object row with no per-row
 * work in JavaScript.
 */
export function grantedSql(
  clientId: string,
  kind: string,
  objectId: ObjectRef,
  who: Grantee,
  level: 'read' | 'write',
): SQL<boolean> {
  const p = personSql(who);
  return sql<boolean>`(NOT ${matching(clientId, kind, objectId, p, ['none'])} AND ${matching(clientId, kind, objectId, p, reaching(level))})`;
}

/**
 * The ids of the active people of the workspace whom the object's grants give at least `level`: a subquery for
 * notifications (`WHERE user_id IN (…)`) or for counting an audience.
 */
export function grantRecipientsSql(
  clientId: string,
  kind: string,
  objectId: string,
  level: 'read' | 'write' = 'read',
): SQL {
  return sql`SELECT u.id FROM users u WHERE u.client_id = ${clientId} AND NOT u.deletion_mark
    AND ${grantedSql(clientId, kind, sql`${objectId}::uuid`, peopleRows('u'), level)}`;
}

export async function grantRecipients(
  ctx: RequestContext,
  kind: string,
  objectId: string,
  level: 'read' | 'write' = 'read',
): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(ctx.db, grantRecipientsSql(ctx.tenant(), kind, objectId, level));
  return rows.map((r) => r.id);
}

/**
 * The level the grants of the object give a person (the caller unless named), or null when none matches: an object
 * closed by default reads it as `?? 'none'`.
 */
export async function grantLevel(
  ctx: RequestContext,
  kind: string,
  objectId: string,
  userId = ctx.me().id,
): Promise<GrantLevel | null> {
  const person = userId === ctx.user?.id ? await callerGrantPerson(ctx) : await grantPerson(ctx, userId);
  if (!person) return null;
  const [row] = await rowsOf<{ level: GrantLevel | null }>(
    ctx.db,
    sql`SELECT ${grantLevelSql(ctx.tenant(), kind, sql`${objectId}::uuid`, person)} AS level`,
  );
  return row?.level ?? null;
}

const PERSON = PERSON_AUDIENCES as readonly string[];
const TEXT = TEXT_AUDIENCES as readonly string[];

/**
 * Replaces the grants of an object (the caller's policy said it may). People named by a grant must be active people
 * of the workspace (400 `fields.grants = audience_person_unknown` otherwise, nothing written).
 */
export async function setGrants(
  ctx: RequestContext,
  kind: string,
  objectId: string,
  grants: readonly AudienceGrant[],
): Promise<void> {
  const clientId = ctx.tenant();
  const people = [...new Set(grants.filter((g) => PERSON.includes(g.audience)).flatMap((g) => g.values))];
  if (people.length) {
    const [known] = await rowsOf<{ count: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS count FROM users
          WHERE client_id = ${clientId} AND NOT deletion_mark AND id = ANY(${sql.param(people)}::uuid[])`,
    );
    if (Number(known.count) !== people.length) throw invalidFields({ grants: 'audience_person_unknown' });
  }
  await deleteGrants(ctx, kind, [objectId]);
  if (!grants.length) return;
  const rows = grants.map((g) => {
    const values = g.audience === 'all' || g.audience === 'heads' || g.audience === 'working_time' ? [] : g.values;
    const keys = TEXT.includes(g.audience)
      ? values.map((v) => v.trim().toLowerCase())
      : values.map((v) => v.toLowerCase());
    const from = g.audience === 'working_time' ? (g.from ?? null) : null;
    const to = g.audience === 'working_time' ? (g.to ?? null) : null;
    return sql`(${newId()}::uuid, ${clientId}::uuid, ${kind}, ${objectId}::uuid, ${g.audience},
      ${sql.param(values)}::text[], ${sql.param(keys)}::text[], ${from}::int, ${to}::int, ${g.level})`;
  });
  await ctx.db.execute(
    sql`INSERT INTO audience_grants
          (id, client_id, object_kind, object_id, audience, "values", keys, tenure_from, tenure_to, level)
        VALUES ${sql.join(rows, sql`, `)}`,
  );
}

/** The grants of an object, in the order they were given. */
export async function grantsOf(ctx: RequestContext, kind: string, objectId: string): Promise<AudienceGrantDto[]> {
  const rows = await rowsOf<AudienceGrantDto>(
    ctx.db,
    sql`SELECT audience, "values", tenure_from AS "from", tenure_to AS "to", level FROM audience_grants
        WHERE client_id = ${ctx.tenant()} AND object_kind = ${kind} AND object_id = ${objectId}
        ORDER BY created, id`,
  );
  return rows.map((r) => ({ audience: r.audience, values: r.values, from: r.from, to: r.to, level: r.level }));
}

/** Drops the grants of objects (deleted ones, or before writing new ones). */
export async function deleteGrants(ctx: RequestContext, kind: string, objectIds: string[]): Promise<void> {
  if (!objectIds.length) return;
  await ctx.db.execute(
    sql`DELETE FROM audience_grants WHERE client_id = ${ctx.tenant()} AND object_kind = ${kind}
          AND object_id = ANY(${sql.param(objectIds)}::uuid[])`,
  );
}
