import type { UserDto } from '@hallway/shared';
import type { RequestContext } from '../../platform/http/context.js';
import type { UserRow } from './tables.js';

/**
 * What one person may do with a person's profile (the Outline pattern): the service checks it before a change
 * and the presenter sends `edit`/`editHr` as `can`, so the web's buttons and the server's refusals agree.
 * - `edit`: the owner with `profile_edit`, or an administrator;
 * - `editPreferences` (language, theme, ...): the owner, or an administrator;
 * - `editHr` (HR-owned fields): administrators;
 * - `seeHr`: the person, their chief, HR managers and administrators (spec portal §2 profile tabs).
 */
export function userPolicy(ctx: RequestContext, row: Pick<UserRow, 'id' | 'chief'>) {
  const me = ctx.user;
  const self = !!me && me.id === row.id;
  return {
    edit: ctx.isAdmin || (self && ctx.can('profile_edit')),
    editPreferences: ctx.isAdmin || self,
    editHr: ctx.isAdmin,
    seeHr: !!me && (ctx.isAdmin || me.roles.includes('hr') || self || row.chief === me.id),
  };
}

/** The part of the policy a profile carries as `can`. */
export function profileAbilities(ctx: RequestContext, row: Pick<UserRow, 'id' | 'chief'>): NonNullable<UserDto['can']> {
  const { edit, editHr } = userPolicy(ctx, row);
  return { edit, editHr };
}

export const canSeeHr = (ctx: RequestContext, row: Pick<UserRow, 'id' | 'chief'>) => userPolicy(ctx, row).seeHr;
