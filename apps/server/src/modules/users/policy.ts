import type { UserDto } from '@hallway/shared';
import { AppError } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { UserRow } from './tables.js';

type PersonRow = Pick<UserRow, 'id' | 'chief' | 'roles'>;

/**
 * Spec portal §6: an administrator cannot change or delete another administrator; only the superadmin may. One rule
 * for every path that writes someone else's row (profile, password, roles, rights, deletion, HR files and imports).
 */
export function mayManage(ctx: RequestContext, row: Pick<UserRow, 'id' | 'roles'>): boolean {
  return row.id === ctx.user?.id || ctx.isSuperadmin || !row.roles.includes('admin');
}

export function assertMayManage(ctx: RequestContext, row: Pick<UserRow, 'id' | 'roles'>): void {
  if (!mayManage(ctx, row)) throw new AppError(403, 'cannot_change_admin');
}

/**
 * What one person may do with a person's profile (the Outline pattern): the service checks it before a change
 * and the presenter sends `edit`/`editHr` as `can`, so the web's buttons and the server's refusals agree.
 * - `edit`: the owner with `profile_edit`, or an administrator who may manage the person (mayManage);
 * - `editPreferences` (language, theme, ...): the owner, or such an administrator;
 * - `editHr` (HR-owned fields): such an administrator;
 * - `seeHr`: canSeeHr.
 */
export function userPolicy(ctx: RequestContext, row: PersonRow) {
  const me = ctx.user;
  const self = !!me && me.id === row.id;
  const admin = ctx.isAdmin && mayManage(ctx, row);
  return {
    edit: admin || (self && ctx.can('profile_edit')),
    editPreferences: admin || self,
    editHr: admin,
    seeHr: canSeeHr(ctx, row),
  };
}

/** The part of the policy a profile carries as `can`. */
export function profileAbilities(ctx: RequestContext, row: PersonRow): NonNullable<UserDto['can']> {
  const { edit, editHr } = userPolicy(ctx, row);
  return { edit, editHr };
}

/** HR data and files: the person, their chief, HR managers and administrators (spec portal §2 profile tabs). */
export function canSeeHr(ctx: RequestContext, row: Pick<UserRow, 'id' | 'chief'>): boolean {
  const me = ctx.user;
  return !!me && (ctx.isAdmin || me.roles.includes('hr') || me.id === row.id || row.chief === me.id);
}
