import { useMemo } from 'react';
import { type VisibleMenuEntry, visibleMenu } from '../menu';
import { useSession } from '../session/context';

/** The menu entries the signed-in person sees in the current workspace. */
export function useVisibleMenu(): VisibleMenuEntry[] {
  const { user, client, isAdmin, isSuperadmin, can, hasFeature } = useSession();
  return useMemo(
    () => (user ? visibleMenu({ userId: user._id, client, isAdmin, isSuperadmin, can, hasFeature }) : []),
    [user, client, isAdmin, isSuperadmin, can, hasFeature],
  );
}
