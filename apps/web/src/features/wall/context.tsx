import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { useSession } from '../../app/session/context';
import { displayName } from '../../ui/Avatar';
import { createWallActions, type WallActions } from './actions';
import type { Reader } from './feedState';
import type { Searchable } from './mentions';
import { type FeedOwners, useWallRealtime } from './realtime';
import { createViewTracker, type ViewTracker } from './views';

/** A person offered by the mention search. */
export interface PersonOption extends Searchable {
  avatar: string | null;
  position: string;
}

export interface WallContextValue {
  reader: Reader;
  actions: WallActions;
  views: ViewTracker;
  owners: FeedOwners;
  /** The workspace's people loaded at start-up (spec portal §4 "Startup order"), for mentions. */
  people: PersonOption[];
  /** `people` is everyone of the workspace; otherwise the mention search asks the server. */
  peopleComplete: boolean;
  workspace: string;
  canWrite: boolean;
}

export const WallContext = createContext<WallContextValue | null>(null);

export function useWall(): WallContextValue {
  const value = useContext(WallContext);
  if (!value) throw new Error('useWall outside of a WallProvider');
  return value;
}

/**
 * What every part of the wall shares, built once per page: the reader, the writes, the view tracker and the realtime
 * subscription. Values are stable, so memoized posts do not re-render when the page does.
 */
export function WallProvider({
  children,
  group = '',
  canWrite: canWriteHere,
}: {
  children: ReactNode;
  /** The group whose wall is shown (its feed is `group`). */
  group?: string;
  /** Whether the person may post here, when the place decides it (a group's `can`); otherwise the `wall` right. */
  canWrite?: boolean;
}) {
  const session = useSession();
  const client = useQueryClient();
  const userId = session.user?._id ?? '';
  const clientId = session.client?._id ?? '';
  const { users, usersComplete, follows } = session;

  const followed = useMemo(() => new Set(follows), [follows]);
  const reader = useMemo<Reader>(() => ({ userId, follows: (personId) => followed.has(personId) }), [userId, followed]);
  const people = useMemo<PersonOption[]>(
    () =>
      users
        .filter((person) => !person.deletion_mark)
        .map((person) => ({
          _id: person._id,
          name: displayName(person),
          login: person.login,
          avatar: person.avatar ?? person.pics?.[0]?.mini ?? null,
          position: person.position,
        })),
    [users],
  );
  const actions = useMemo(() => createWallActions(client), [client]);
  const views = useMemo(() => createViewTracker(client, userId), [client, userId]);
  useEffect(() => () => views.disconnect(), [views]);
  const owners = useMemo<FeedOwners>(() => ({ company: clientId, user: userId, group }), [clientId, userId, group]);
  useWallRealtime(session.socket, client, reader, owners, views);

  const canWrite = canWriteHere ?? session.can('wall');
  const workspace = session.client?.workspace ?? '';
  const value = useMemo<WallContextValue>(
    () => ({ reader, actions, views, owners, people, peopleComplete: usersComplete, workspace, canWrite }),
    [reader, actions, views, owners, people, usersComplete, workspace, canWrite],
  );
  return <WallContext.Provider value={value}>{children}</WallContext.Provider>;
}
