import type { PersonCard } from '@hallway/shared';
import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import { anyOf, type Tx } from '../../platform/db/client.js';
import { CALLER } from '../../platform/db/security.js';
import { invalidFields } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { fullName } from './presenter.js';
import { follows, users } from './tables.js';

/** What other modules show of a person beside their content (authors, mentions, viewers). */
export async function personCards(tx: Tx, ids: Iterable<string>): Promise<Map<string, PersonCard>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      position: users.position,
      pics: users.pics,
    })
    .from(users)
    .where(anyOf(users.id, wanted));
  return new Map(
    rows.map((r) => [
      r.id,
      { _id: r.id, name: fullName(r), avatar: r.pics[0]?.mini ?? r.pics[0]?.src ?? null, position: r.position },
    ]),
  );
}

/** A person card as built in SQL, for lists that fetch their people in the same statement (`personCards` shape). */
const cardJson = sql.raw(
  `json_build_object('_id', u.id, 'name', trim(u.first_name || ' ' || u.last_name), ` +
    `'avatar', coalesce(u.pics->0->>'mini', u.pics->0->>'src'), 'position', u.position)`,
);

/** The card of the person whose id is in `id` (a column of the outer query), as a json scalar subquery. */
export const personCardSql = (id: AnyColumn | SQL): SQL => sql`(SELECT ${cardJson} FROM users u WHERE u.id = ${id})`;

/** The cards of the people in a uuid[] column, in its order, as a json array (empty when none). */
export const personCardsSql = (ids: AnyColumn | SQL): SQL =>
  sql`(SELECT coalesce(json_agg(${cardJson} ORDER BY m.n), '[]'::json) FROM unnest(${ids}) WITH ORDINALITY AS m(id, n) JOIN users u ON u.id = m.id)`;

/** A card for someone whose row is gone (never expected: people are deleted softly). */
export const unknownPerson = (id: string): PersonCard => ({ _id: id, name: '', avatar: null, position: '' });

/**
 * Refuses ids that are not active people of the caller's workspace (a mention of a stranger, a deleted person or
 * someone of another workspace): 400 with `fields[field] = code`.
 */
export async function assertActivePeople(
  ctx: RequestContext,
  ids: string[],
  field: string,
  code: 'mention_unknown' | 'user_not_found',
): Promise<void> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return;
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clientId, ctx.tenant()), eq(users.deletionMark, false), anyOf(users.id, wanted)));
  if (rows.length !== wanted.length) throw invalidFields({ [field]: code });
}

/** Whether the id names a person (active or not) of the caller's workspace. */
export async function isWorkspacePerson(ctx: RequestContext, id: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.clientId, ctx.tenant())));
  return !!row;
}

/** The people `followerId` follows. */
export async function followedBy(tx: Tx, followerId: string): Promise<string[]> {
  const rows = await tx.select({ userId: follows.userId }).from(follows).where(eq(follows.followerId, followerId));
  return rows.map((r) => r.userId);
}

/** Whom the transaction's person follows, as a constant subquery (a statement that names the caller by settings). */
export const FOLLOWED_BY_CALLER = `SELECT f.user_id FROM follows f WHERE f.client_id = ${CALLER.tenant} AND f.follower_id = ${CALLER.me}`;

/** Ids of the active people of a workspace: the audience of a must-read company post. */
export async function activePeopleIds(tx: Tx, clientId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.deletionMark, false)))
    .orderBy(users.lastName, users.firstName, users.id);
  return rows.map((r) => r.id);
}
