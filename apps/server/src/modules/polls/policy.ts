import type { PollCan } from '@hallway/shared/polls';
import { type SQL, sql } from 'drizzle-orm';
import { type Grantee, type GrantPerson, grantedSql } from '../../platform/access/grants.js';
import type { RequestContext } from '../../platform/http/context.js';
import { type PollRow, polls } from './tables.js';

/**
 * Who does what with polls (modules §6 Polls, portal §6 "Other rules"; docs/api.md "Polls"):
 * - recipients are the people the poll's grants (kind `poll`) give `read`, or everyone of the workspace when it has
 *   none; they read the poll and answer it once (or change their answers while it runs, if its author allows it);
 * - its author (with the `polls` right) and administrators manage it: edit, finish, delete, results, "not passed";
 * - results: of an opened poll every reader sees them with names; of a closed one only its managers (employees see
 *   their own answers in the poll); of an anonymous one its managers, without names — nobody sees whose answer is whose.
 */
export const POLL_KIND = 'poll';

/** Creating a poll (sent with the list as `can.create`). */
export const pollsPolicy = (ctx: RequestContext): { create: boolean } => ({ create: ctx.can('polls') });

/** `who` is one of the poll's recipients, for the `polls` row of the outer query (a column). */
export function recipientSql(clientId: string, who: Grantee): SQL<boolean> {
  return sql<boolean>`(NOT ${polls.restricted} OR ${grantedSql(clientId, POLL_KIND, polls.id, who, 'read')})`;
}

/** The polls `who` may read: administrators every one, others those they receive or wrote. */
export function readableSql(clientId: string, who: GrantPerson, isAdmin: boolean): SQL<boolean> {
  if (isAdmin) return sql<boolean>`TRUE`;
  return sql<boolean>`(${polls.authorId} = ${who.id} OR ${recipientSql(clientId, who)})`;
}

/** `access_for/{user}`: a person's own list, or anybody's for administrators. */
export const mayListFor = (ctx: RequestContext, userId: string): boolean => userId === ctx.me().id || ctx.isAdmin;

/** The export's `uid`: the caller, or anyone of the workspace for administrators. */
export const mayExportFor = (ctx: RequestContext, userId: string): boolean => userId === ctx.me().id || ctx.isAdmin;

export interface PollState {
  /** The caller is a recipient. */
  recipient: boolean;
  /** The caller answered. */
  answered: boolean;
  /** How many people answered. */
  responses: number;
}

/** What the caller may do with a poll (sent as `can`; the service checks the same). */
export function pollPolicy(
  ctx: RequestContext,
  row: Pick<PollRow, 'authorId' | 'type' | 'allowChange' | 'finishedAt'>,
  state: PollState,
): PollCan & { read: boolean; manage: boolean } {
  const mine = !!ctx.user && row.authorId === ctx.user.id;
  const manage = ctx.isAdmin || (mine && ctx.can('polls'));
  const read = ctx.isAdmin || mine || state.recipient;
  const open = row.finishedAt === null;
  const results = manage || (row.type === 'opened' && read);
  const again = row.allowChange && row.type !== 'anonymous';
  return {
    read,
    manage,
    edit: manage && open,
    edit_questions: manage && open && state.responses === 0,
    finish: manage && open,
    delete: manage,
    answer: state.recipient && open && (!state.answered || again),
    results,
    table: results,
    names: results && row.type !== 'anonymous',
    not_passed: manage,
    copy: read && ctx.can('polls'),
  };
}
