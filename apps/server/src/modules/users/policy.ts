import type { UserDto, UsersPage } from '@hallway/shared';
import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { type UserRow, users } from './tables.js';

type PersonRow = Pick<UserRow, 'id' | 'chief' | 'roles'>;

/**
 * Spec portal §6: an administrator cannot change or delete another administrator; only the superadmin may. One rule
 * for every path that writes someone else's row (profile, password, roles, rights, deletion, HR files and imports)
 * or their place in the company structure (department and chief: a new chief reads their HR data).
 */
export function mayManage(ctx: RequestContext, row: Pick<UserRow, 'id' | 'roles'>): boolean {
  return row.id === ctx.user?.id || ctx.isSuperadmin || !row.roles.includes('admin');
}

export function assertMayManage(ctx: RequestContext, row: Pick<UserRow, 'id' | 'roles'>): void {
  if (!mayManage(ctx, row)) throw new AppError(403, 'cannot_change_admin');
}

/** An administrator writing another administrator's profile is told the rule's own code, not a bare 403. */
export function assertAdminMayManage(ctx: RequestContext, row: Pick<UserRow, 'id' | 'roles'>): void {
  if (ctx.isAdmin) assertMayManage(ctx, row);
}

/** mayManage as SQL over `users` rows, for workspace-wide changes: the caller and everyone but administrators. */
export function manageableSql(ctx: RequestContext): SQL[] {
  if (ctx.isSuperadmin) return [];
  return [sql`(${users.id} = ${ctx.me().id} OR NOT ${administratorSql(users.roles)})`];
}

/** People who administer their workspace (they approve newcomers), as SQL on a `roles` column. */
export const administratorSql = (roles: AnyColumn): SQL => sql`'admin' = ANY(${roles})`;

/**
 * What one person may do with the workspace's people as a whole (the address book and the employees list):
 * administrators add people, see the deleted and the pending ones and when everyone last signed in, and pin people
 * on top of the address book (sent with every page of people as `can.pin`).
 */
export function peoplePolicy(ctx: RequestContext): NonNullable<UsersPage['can']> & {
  register: boolean;
  seeDeleted: boolean;
  seeLastSignIn: boolean;
} {
  return { pin: ctx.isAdmin, register: ctx.isAdmin, seeDeleted: ctx.isAdmin, seeLastSignIn: ctx.isAdmin };
}

/** Choosing the dark theme takes the right `dark_theme`. */
export const mayChooseDarkTheme = (ctx: RequestContext): boolean => ctx.can('dark_theme');

/** assertMayManage for people named by id (the structure's members and heads); ids of nobody are left to the caller. */
export async function assertMayManagePeople(ctx: RequestContext, ids: readonly string[]): Promise<void> {
  if (!ids.length || ctx.isSuperadmin) return;
  const rows = await ctx.db
    .select({ id: users.id, roles: users.roles })
    .from(users)
    .where(and(inArray(users.id, [...new Set(ids)]), eq(users.clientId, ctx.tenant())));
  for (const row of rows) assertMayManage(ctx, row);
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

/** Whether a person of the workspace administers it (whose `access_for` lists read everything). */
export async function personIsAdmin(ctx: RequestContext, userId: string): Promise<boolean> {
  if (userId === ctx.me().id) return ctx.isAdmin;
  const [row] = await rowsOf<{ admin: boolean }>(
    ctx.db,
    sql`SELECT ('admin' = ANY(roles) OR 'superadmin' = ANY(roles)) AS admin FROM users
        WHERE id = ${userId} AND client_id = ${ctx.tenant()} AND NOT deletion_mark`,
  );
  return row?.admin ?? false;
}
