import type { UserDto } from '@hallway/shared';
import { AppError } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { UserRow } from './tables.js';

/** HR data is for the person, their chief, HR managers and administrators (spec portal §2 profile tabs). */
export function canSeeHr(ctx: RequestContext, row: Pick<UserRow, 'id' | 'chief'>): boolean {
  const me = ctx.user;
  if (!me) return false;
  return ctx.isAdmin || me.roles.includes('hr') || me.id === row.id || row.chief === me.id;
}

/** Editing a profile: the owner with `profile_edit`, or an administrator; HR-owned fields only administrators. */
export function profileAbilities(ctx: RequestContext, row: Pick<UserRow, 'id' | 'roles'>): NonNullable<UserDto['can']> {
  const self = ctx.user?.id === row.id;
  const admin = ctx.isAdmin && mayManage(ctx, row);
  return { edit: admin || (self && ctx.can('profile_edit')), editHr: admin };
}

/**
 * Spec portal §6: an administrator cannot change or delete another administrator; only the superadmin may. One rule
 * for every path that writes someone else's row (profile, password, roles, rights, deletion, HR files and imports).
 */
export function assertMayManage(ctx: RequestContext, row: Pick<UserRow, 'id' | 'roles'>): void {
  if (row.id === ctx.user?.id || ctx.isSuperadmin) return;
  if (row.roles.includes('admin')) throw new AppError(403, 'cannot_change_admin');
}

/** Whether the caller may change the person (abilities shown to the UI follow assertMayManage). */
export function mayManage(ctx: RequestContext, row: Pick<UserRow, 'id' | 'roles'>): boolean {
  return row.id === ctx.user?.id || ctx.isSuperadmin || !row.roles.includes('admin');
}
