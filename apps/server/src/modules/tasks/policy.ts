import type { DeskCan, TaskCan } from '@hallway/shared/tasks';
import { type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/http/context.js';
import type { DeskRole, TaskDeskRow, TaskRow } from './tables.js';

/**
 * Who does what on the task tracker (modules §4, §6; docs/api.md "Task tracker"). Every call needs the right and
 * feature `task_tracker` (the route guard); creating a desk needs `desk_add` too.
 * - A desk's owner and administrators (and the workspace's administrators) manage it: settings, lanes, cards,
 *   finish and restore; the owner (or a workspace administrator) deletes it.
 * - Its members read it and comment on its cards; a card's performer, co-performers and author also edit, move
 *   and finish that card.
 * - Types: `active` desks are read by their people; `open` desks by everyone of the workspace (with the right);
 *   `closed` desks are read as `active` ones but read-only (nothing on them moves or changes until a manager sets
 *   another type); `hidden` desks are read by their owner and administrators alone, members included.
 * - A finished desk (status `finished`) is read-only until a manager restores it.
 */
export const desksPolicy = (ctx: RequestContext) => ({ create: ctx.can('desk_add') });

export interface DeskAccess {
  role: DeskRole | null;
  manage: boolean;
  read: boolean;
  /** Cards and lanes may change: the desk is not finished and not closed. */
  writable: boolean;
}

export function deskAccess(ctx: RequestContext, row: Pick<TaskDeskRow, 'type' | 'status'>, role: DeskRole | null) {
  const manage = role === 'owner' || role === 'admin' || ctx.isAdmin;
  const read =
    manage || (role === 'member' && row.type !== 'hidden') || (row.type === 'open' && ctx.can('task_tracker'));
  const writable = row.status === 'active' && row.type !== 'closed';
  return { role, manage, read, writable } satisfies DeskAccess;
}

/** What the caller may do with a desk (sent as `can`). */
export function deskPolicy(ctx: RequestContext, access: DeskAccess, row: Pick<TaskDeskRow, 'status'>): DeskCan {
  const active = row.status === 'active';
  return {
    edit: access.manage && active,
    delete: mayTransfer(ctx, access),
    finish: access.manage && active,
    restore: access.manage && !active,
    lanes: access.manage && access.writable,
    create_task: access.manage && access.writable,
    comment: access.read,
  };
}

/** What the caller may do with a card of a desk they read (sent as `can`). */
export function taskPolicy(
  ctx: RequestContext,
  access: DeskAccess,
  row: Pick<TaskRow, 'performerId' | 'coPerformers' | 'authorId'>,
): TaskCan {
  const me = ctx.user?.id;
  const involved = !!me && (row.performerId === me || row.authorId === me || row.coPerformers.includes(me));
  const work = access.writable && (access.manage || involved);
  return {
    edit: work,
    move: work,
    finish: work,
    delete: access.writable && (access.manage || (!!me && row.authorId === me)),
    comment: access.read,
  };
}

/** The desks of the outer query (a `task_desks` row) the caller reads, as SQL. */
export function readableDeskSql(ctx: RequestContext): SQL<boolean> {
  if (ctx.isAdmin) return sql<boolean>`TRUE`;
  const me = ctx.me().id;
  const open = ctx.can('task_tracker') ? sql`task_desks.type = 'open' OR ` : sql``;
  return sql<boolean>`(${open}EXISTS (SELECT 1 FROM task_desk_people p
    WHERE p.client_id = task_desks.client_id AND p.user_id = ${me} AND p.desk_id = task_desks.id
      AND (p.role IN ('owner', 'admin') OR task_desks.type <> 'hidden')))`;
}

/** Who names a desk's new owner: its owner, or a workspace administrator (as for deleting it). */
export const mayTransfer = (ctx: RequestContext, access: DeskAccess) => access.role === 'owner' || ctx.isAdmin;
