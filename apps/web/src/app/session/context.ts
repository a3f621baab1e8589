import type { ClientDto, Feature, Right, UserDto, UserListItem } from '@hallway/shared';
import { createContext, useContext } from 'react';
import type { EnvInfo } from '../../api/session';
import type { Socket } from '../../api/socket';
import type { UiLang } from '../../i18n';

export type ColorScheme = 'light' | 'dark';

/** Everything the shell and the modules know about who is signed in and where (spec portal §4 "Startup order"). */
export interface Session {
  env: EnvInfo | null;
  /** Token, uid and the authorization flag are kept (spec portal §4 "Session"). */
  authorized: boolean;
  user: UserDto | null;
  roles: string[];
  /** The workspace entered: a person's own, or the one a superadmin chose. */
  client: ClientDto | null;
  isSuperadmin: boolean;
  /** 'admin or superadmin' (spec portal §6). */
  isAdmin: boolean;
  /** User data exists, and a workspace or superadmin status (spec portal §2 "Home shell"). */
  ready: boolean;
  /** Own info failed for a reason other than an ended session. */
  failed: unknown;
  /** People of the workspace as list items, loaded at start: all of them, or the first page of a big workspace. */
  users: UserListItem[];
  /** `users` holds everyone of the workspace (otherwise search the server). */
  usersComplete: boolean;
  /** Ids of the people the signed-in person follows. */
  follows: string[];
  socket: Socket | null;
  colorScheme: ColorScheme;
  lang: UiLang;
  can(right: Right): boolean;
  hasFeature(feature: Feature): boolean;
  /** Keeps the session; the person's own language is loaded first, so the next screen shows in it. */
  signIn(token: string, user: UserDto): Promise<void>;
  signOut(): Promise<void>;
  enterClient(client: Pick<ClientDto, '_id' | 'workspace' | 'name'> | null): void;
  setLanguage(lang: UiLang): Promise<void>;
  setColorScheme(scheme: ColorScheme): Promise<void>;
  /** Puts a fresh copy of the signed-in person into the session (after a profile change or `user.updated`). */
  updateOwnUser(user: UserDto): void;
  retry(): void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside of the app root');
  return session;
}
