import type { UserDto } from '@hallway/shared';
import type { RequestContext } from '../../platform/http/context.js';
import type { UserRow } from './tables.js';

/** HR data is for the person, their chief, HR managers and administrators (spec portal §2 profile tabs). */
export function canSeeHr(ctx: RequestContext, row: Pick<UserRow, 'id' | 'chief'>): boolean {
  const me = ctx.user;
  if (!me) return false;
  return ctx.isAdmin || me.roles.includes('hr') || me.id === row.id || row.chief === me.id;
}

/** Editing a profile: the owner with `profile_edit`, or an administrator; HR-owned fields only administrators. */
export function profileAbilities(ctx: RequestContext, row: Pick<UserRow, 'id'>): NonNullable<UserDto['can']> {
  const self = ctx.user?.id === row.id;
  return { edit: ctx.isAdmin || (self && ctx.can('profile_edit')), editHr: ctx.isAdmin };
}
