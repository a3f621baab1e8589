import type { VacationDto, VacationStatus } from '@hallway/shared';
import type { RequestContext } from '../../platform/http/context.js';
import { today } from './calendar.js';
import type { VacationRow } from './tables.js';

/** Vacations that still count: asked for, or approved. */
export const LIVE: VacationStatus[] = ['requested', 'approved'];

/**
 * Vacations of the whole workspace (portal §6 right `vacations_edit`): its holders enter vacations for anyone
 * (approved at once), change and cancel anyone's without sending them back to the chief, decide every request and
 * edit the holidays. The requests page sends `createForOthers`, the holidays `edit`.
 */
export function vacationsPolicy(ctx: RequestContext): { manage: boolean; createForOthers: boolean } {
  const manage = ctx.can('vacations_edit');
  return { manage, createForOthers: manage };
}

/**
 * What the caller may do with one vacation (sent as `can`; the service checks the same). Its owner changes or
 * cancels it before it starts, the person's chief decides a request, `vacations_edit` does all of it any time.
 */
export function vacationPolicy(
  ctx: RequestContext,
  row: Pick<VacationRow, 'userId' | 'status' | 'start'> & { chief: string | null },
): VacationDto['can'] {
  const me = ctx.me().id;
  const { manage } = vacationsPolicy(ctx);
  const live = LIVE.includes(row.status);
  const mine = row.userId === me;
  const change = live && (manage || (mine && row.start > today()));
  return {
    edit: change,
    delete: change,
    decide: row.status === 'requested' && !mine && (row.chief === me || manage),
  };
}

/** Whether the vacation is the caller's to change at all (403 otherwise; one past changing answers 400). */
export function mayChangeVacation(ctx: RequestContext, row: Pick<VacationRow, 'userId'>): boolean {
  return row.userId === ctx.me().id || vacationsPolicy(ctx).manage;
}

/** A person's vacations and balance: they, their chief and `vacations_edit` read them; they and `vacations_edit` add. */
export function personVacationsPolicy(ctx: RequestContext, person: { id: string; chief: string | null }) {
  const me = ctx.me().id;
  const { manage } = vacationsPolicy(ctx);
  return { read: person.id === me || person.chief === me || manage, create: person.id === me || manage };
}
