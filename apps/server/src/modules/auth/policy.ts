import type { UserRow } from '../users/tables.js';

/**
 * Signing in (portal §4): people sign in to their own workspace while it is active; the superadmin, who belongs to
 * none, signs in from any workspace's page and while a workspace is blocked.
 */
export function signInPolicy(user: Pick<UserRow, 'roles'> | undefined): {
  anyWorkspace: boolean;
  whileBlocked: boolean;
} {
  const superadmin = !!user?.roles.includes('superadmin');
  return { anyWorkspace: superadmin, whileBlocked: superadmin };
}
