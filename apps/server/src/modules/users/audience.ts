import {
  type AudienceGrant,
  type AudienceGrantDto,
  type GrantLevel,
  PERSON_AUDIENCES,
  TEXT_AUDIENCES,
} from '@hallway/shared';
import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/client.js';
import { invalidFields } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { audienceGrants, users } from './tables.js';

/**
 * Access grants on content (spec portal §6 "Access grants on content"), one evaluator for every module: groups,
 * articles, polls, events, … Grants live in `audience_grants` under (object kind, object id). A person's level is
 * the highest grant that matches them (`write` over `read`); a matching `none` wins over everything. Everything is
 * evaluated in SQL against the person's current row, so a person who moves to another department, city or chief
 * gets the access of the new one at once. docs/api.md "Groups and projects" describes the audiences.
 *
 * Working time is the tenure in whole months since `users.working_since` (the day of the month counts: from
 * 2024-01-15, 2024-02-14 is 0 months and 2024-02-15 is 1), bounds inclusive; people without the date never match.
 */

/** A person's attributes as the grants see them: bound once as parameters of a query over many objects. */
export interface AudiencePerson {
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
  isAdmin: boolean;
}

/** The same attributes as SQL expressions: parameters (one person) or columns of `users u` (recipients). */
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
export async function audiencePerson(ctx: RequestContext, userId: string): Promise<AudiencePerson | null> {
  const [row] = await rowsOf<{
    id: string;
    chief: string | null;
    position: string;
    department: string;
    city: string;
    tenure: number | null;
    is_head: boolean;
    roles: string[];
  }>(
    ctx.db,
    sql`SELECT u.id, u.chief, lower(trim(u.position)) AS position, lower(trim(u.department)) AS department,
          lower(trim(u.city)) AS city, ${tenureOf(sql`u.working_since`)} AS tenure, u.roles,
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
    isAdmin: row.roles.includes('admin') || row.roles.includes('superadmin'),
  };
}

const paramsOf = (p: AudiencePerson): PersonSql => ({
  id: sql`${p.id}::text`,
  chief: sql`${p.chief}::text`,
  position: sql`${p.position}::text`,
  department: sql`${p.department}::text`,
  city: sql`${p.city}::text`,
  tenure: sql`${p.tenure}::int`,
  isHead: sql`${p.isHead}::boolean`,
});

const columnsOf = (u: string): PersonSql => {
  const c = (name: string) => sql.raw(`${u}.${name}`);
  return {
    id: sql`${c('id')}::text`,
    chief: sql`${c('chief')}::text`,
    position: sql`lower(trim(${c('position')}))`,
    department: sql`lower(trim(${c('department')}))`,
    city: sql`lower(trim(${c('city')}))`,
    tenure: tenureOf(c('working_since')),
    isHead: sql`EXISTS (SELECT 1 FROM users hc WHERE hc.client_id = ${c('client_id')} AND hc.chief = ${c('id')} AND NOT hc.deletion_mark)`,
  };
};

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

type ObjectRef = AnyColumn | SQL;

/** `EXISTS` a grant of the object matching the person with one of the levels (walks the object index). */
function matching(clientId: string, kind: string, objectId: ObjectRef, p: PersonSql, levels: GrantLevel[]): SQL {
  return sql`EXISTS (SELECT 1 FROM audience_grants g
    WHERE g.client_id = ${clientId} AND g.object_kind = ${kind} AND g.object_id = ${objectId}
      AND g.level IN (${sql.join(
        levels.map((l) => sql`${l}`),
        sql`, `,
      )}) AND ${grantMatches(p)})`;
}

/**
 * The level the grants give the person on the object (a column of the outer query, or an id): 'none', 'write',
 * 'read', or NULL when no grant matches (the object's own default then applies).
 */
export function audienceLevelSql(clientId: string, kind: string, objectId: ObjectRef, person: AudiencePerson): SQL {
  const p = paramsOf(person);
  return sql`(CASE WHEN ${matching(clientId, kind, objectId, p, ['none'])} THEN 'none'
    WHEN ${matching(clientId, kind, objectId, p, ['write'])} THEN 'write'
    WHEN ${matching(clientId, kind, objectId, p, ['read'])} THEN 'read' END)`;
}

/**
 * "Objects of kind K this person may read (or write)" as a predicate on the object's id column: no matching `none`
 * and a matching grant of the level (write counts as read). The person's attributes are parameters, so the plan
 * walks `audience_grants_object_idx` per object row with no per-row work in JavaScript.
 */
export function audiencePredicate(
  clientId: string,
  kind: string,
  objectId: ObjectRef,
  person: AudiencePerson,
  level: 'read' | 'write',
): SQL {
  const p = paramsOf(person);
  const allowed: GrantLevel[] = level === 'read' ? ['read', 'write'] : ['write'];
  return sql`(NOT ${matching(clientId, kind, objectId, p, ['none'])} AND ${matching(clientId, kind, objectId, p, allowed)})`;
}

/** Whether any grant of the object matches the person with a `none` (for objects whose default is open). */
export function audienceDenies(clientId: string, kind: string, objectId: ObjectRef, person: AudiencePerson): SQL {
  return matching(clientId, kind, objectId, paramsOf(person), ['none']);
}

/**
 * The ids of the active people of the workspace the object's grants give at least `level`: a subquery for
 * notifications (`WHERE user_id IN (…)`) or for counting an audience.
 */
export function audienceRecipients(
  clientId: string,
  kind: string,
  objectId: string,
  level: 'read' | 'write' = 'read',
): SQL {
  const p = columnsOf('u');
  const object = sql`${objectId}::uuid`;
  const allowed: GrantLevel[] = level === 'read' ? ['read', 'write'] : ['write'];
  return sql`SELECT u.id FROM users u WHERE u.client_id = ${clientId} AND NOT u.deletion_mark
    AND ${matching(clientId, kind, object, p, allowed)} AND NOT ${matching(clientId, kind, object, p, ['none'])}`;
}

export async function audienceRecipientIds(
  ctx: RequestContext,
  kind: string,
  objectId: string,
  level: 'read' | 'write' = 'read',
): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(ctx.db, audienceRecipients(ctx.tenant(), kind, objectId, level));
  return rows.map((r) => r.id);
}

/** The level the grants of the object give the person, or null when none matches. */
export async function matchedLevel(
  ctx: RequestContext,
  kind: string,
  objectId: string,
  userId: string,
): Promise<GrantLevel | null> {
  const person = await audiencePerson(ctx, userId);
  if (!person) return null;
  const [row] = await rowsOf<{ level: GrantLevel | null }>(
    ctx.db,
    sql`SELECT ${audienceLevelSql(ctx.tenant(), kind, sql`${objectId}::uuid`, person)} AS level`,
  );
  return row?.level ?? null;
}

/** A person's level on an object by its grants alone: the highest matching grant, `none` winning; none matching: none. */
export async function accessLevel(
  ctx: RequestContext,
  kind: string,
  objectId: string,
  userId: string,
): Promise<GrantLevel> {
  return (await matchedLevel(ctx, kind, objectId, userId)) ?? 'none';
}

const PERSON = PERSON_AUDIENCES as readonly string[];
const TEXT = TEXT_AUDIENCES as readonly string[];

/**
 * Replaces the grants of an object (the caller checked that it may). People named by a grant must be active people
 * of the workspace (400 `fields.grants = audience_person_unknown` otherwise, nothing written).
 */
export async function setAudienceGrants(
  ctx: RequestContext,
  kind: string,
  objectId: string,
  grants: readonly AudienceGrant[],
): Promise<void> {
  const clientId = ctx.tenant();
  const people = [...new Set(grants.filter((g) => PERSON.includes(g.audience)).flatMap((g) => g.values))];
  if (people.length) {
    const known = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.clientId, clientId), eq(users.deletionMark, false), inArray(users.id, people)));
    if (known.length !== people.length) throw invalidFields({ grants: 'audience_person_unknown' });
  }
  await ctx.db
    .delete(audienceGrants)
    .where(
      and(
        eq(audienceGrants.clientId, clientId),
        eq(audienceGrants.objectKind, kind),
        eq(audienceGrants.objectId, objectId),
      ),
    );
  if (!grants.length) return;
  await ctx.db.insert(audienceGrants).values(
    grants.map((g) => {
      const values = g.audience === 'all' || g.audience === 'heads' || g.audience === 'working_time' ? [] : g.values;
      return {
        clientId,
        objectKind: kind,
        objectId,
        audience: g.audience,
        values,
        keys: TEXT.includes(g.audience)
          ? values.map((v) => v.trim().toLowerCase())
          : values.map((v) => v.toLowerCase()),
        tenureFrom: g.audience === 'working_time' ? (g.from ?? null) : null,
        tenureTo: g.audience === 'working_time' ? (g.to ?? null) : null,
        level: g.level,
      };
    }),
  );
}

/** The grants of an object, in the order they were given. */
export async function audienceGrantsOf(
  ctx: RequestContext,
  kind: string,
  objectId: string,
): Promise<AudienceGrantDto[]> {
  const rows = await ctx.db
    .select()
    .from(audienceGrants)
    .where(
      and(
        eq(audienceGrants.clientId, ctx.tenant()),
        eq(audienceGrants.objectKind, kind),
        eq(audienceGrants.objectId, objectId),
      ),
    )
    .orderBy(audienceGrants.created, audienceGrants.id);
  return rows.map((r) => ({
    audience: r.audience,
    values: r.values,
    from: r.tenureFrom,
    to: r.tenureTo,
    level: r.level,
  }));
}

/** Drops the grants of deleted objects. */
export async function deleteAudienceGrants(ctx: RequestContext, kind: string, objectIds: string[]): Promise<void> {
  if (!objectIds.length) return;
  await ctx.db
    .delete(audienceGrants)
    .where(
      and(
        eq(audienceGrants.clientId, ctx.tenant()),
        eq(audienceGrants.objectKind, kind),
        inArray(audienceGrants.objectId, objectIds),
      ),
    );
}
