import type { ClientDto, Feature, Right, UserDto, UserListItem } from '@hallway/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { isApiError } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import {
  closeFilesSession,
  fetchClient,
  fetchEnv,
  fetchWorkspaceUsers,
  logoutCall,
  type OwnInfo,
  openFilesSession,
  ownInfoQuery,
  updateOwnSettings,
} from '../../api/session';
import { closeSocket, connectSocket, type Socket, whenIdentified } from '../../api/socket';
import {
  authStore,
  storedLang,
  storedTheme,
  storedUser,
  storeLang,
  storeStartPage,
  storeTheme,
  storeUser,
} from '../../api/storage';
import { useTransitionQuery } from '../../api/transitionQuery';
import { setUiLanguage, toApiLang, toUiLang, type UiLang } from '../../i18n';
import { applyBranding, brandingOf } from '../branding';
import type { ColorScheme, Session } from './context';
import { useApiErrorHandling } from './useApiErrorHandling';
import { useMoodCheck } from './useMoodCheck';

const COMPANY_COOKIE = 'hallway_company';
/** One empty list for every render before own info, so memoized consumers do not recompute. */
const NO_FOLLOWS: string[] = [];
const NO_USERS: UserListItem[] = [];

/** The cookie twin of X-COMPANY-ID for `<img src="/api/files/...">`; PUT /api/files/session sets it too. */
function setCompanyCookie(clientId: string | null): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one path-scoped cookie; the Cookie Store API is not in every browser.
  document.cookie = clientId
    ? `${COMPANY_COOKIE}=${encodeURIComponent(clientId)}; Path=/api/files; SameSite=Lax`
    : `${COMPANY_COOKIE}=; Path=/api/files; Max-Age=0; SameSite=Lax`;
}

/** Before the server has answered: the language last chosen here, then the browser's, then the fallback ru. */
export function guessLanguage(): UiLang {
  return toUiLang(storedLang()) ?? toUiLang(navigator.language?.slice(0, 2)) ?? 'ru';
}

/** Startup step 3: ua → uk; then the workspace language, then the configured default (spec portal §4). */
function languageOf(me: OwnInfo, client: ClientDto | null, defaultLang: string, superadmin: boolean): UiLang {
  // A superadmin has no workspace profile to keep their choice on the server; it stays in this browser.
  const own = superadmin ? (storedLang() ?? me.user.lang) : me.user.lang;
  return toUiLang(own) ?? toUiLang(client?.lang) ?? toUiLang(defaultLang) ?? 'ru';
}

/**
 * The start-up of spec portal §4, in its order: environment → own info → language → enter the workspace →
 * workspace users → mood check → socket and identify. Each step is a query enabled by the previous one.
 */
export function useSessionState(): Session & { booting: boolean; offline: boolean } {
  const queryClient = useQueryClient();
  const auth = useSyncExternalStore(authStore.subscribe, authStore.get);
  const [lang, setLang] = useState<UiLang | null>(null);
  const [localScheme, setLocalScheme] = useState<string | null>(storedTheme);
  const socketRef = useRef<Socket | null>(null);
  const [socket, setSocket] = useState<Socket | null>(null);

  // 1. Environment: vendor → branding, favicon, title. No answer → 'No connection to server!', retried.
  const envQuery = useQuery({
    queryKey: queryKeys.env,
    queryFn: ({ signal }) => fetchEnv(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
    refetchInterval: (query) => (query.state.status === 'error' ? 5000 : false),
  });
  const env = envQuery.data ?? null;
  useEffect(() => {
    if (env) applyBranding(brandingOf(env.vendor));
  }, [env]);

  // 2. Own info (on the first load main.tsx already asked for it, beside the environment).
  // Refetched when the socket identifies, maybe during a background render: its answers arrive as transitions.
  const meQuery = useTransitionQuery({ ...ownInfoQuery(auth.uid), enabled: !!env && auth.authorized });
  const me = auth.authorized ? (meQuery.data ?? null) : null;
  const refetchOwnInfo = meQuery.refetch;
  const isSuperadmin = !!me?.roles.includes('superadmin');

  // 4. Enter the workspace: a person's own comes with their info; a superadmin's saved one is loaded, never guessed.
  const savedClientId = isSuperadmin ? (auth.currentClient?._id ?? null) : null;
  const clientQuery = useQuery({
    queryKey: queryKeys.client(savedClientId),
    queryFn: ({ signal }) => fetchClient(savedClientId!, signal),
    enabled: !!savedClientId,
    staleTime: 60_000,
    retry: false,
  });
  const clientGone = isApiError(clientQuery.error) && [403, 404].includes(clientQuery.error.status);
  useEffect(() => {
    // The saved workspace is gone or out of reach: forget it rather than fail on every start.
    if (clientGone) authStore.setCurrentClient(null);
  }, [clientGone]);
  const client = isSuperadmin ? (savedClientId ? (clientQuery.data ?? null) : null) : (me?.client ?? null);

  // 3. Language, as soon as own info (or, before sign-in, the environment) is known.
  useEffect(() => {
    if (!env && !envQuery.isError) return;
    const wanted = me && env ? languageOf(me, me.client, env.defaultLang, isSuperadmin) : guessFromEnv(env);
    let cancelled = false;
    setUiLanguage(wanted)
      // The first language ends the boot screen: the shell and the page then render in slices (a transition), not
      // in one long task.
      .then(() => !cancelled && startTransition(() => setLang(wanted)))
      .catch(() => !cancelled && startTransition(() => setLang(wanted)));
    return () => {
      cancelled = true;
    };
  }, [env, envQuery.isError, me, isSuperadmin]);

  // 5. Workspace users. Their answer usually lands while the first page renders in the background: it arrives as a
  // transition, not as a store change that would make React redo that render in one long task.
  const usersQuery = useTransitionQuery({
    queryKey: queryKeys.workspaceUsers(client?._id ?? null),
    queryFn: ({ signal }) => fetchWorkspaceUsers(client!._id, signal),
    enabled: !!client && !!me,
    staleTime: 5 * 60_000,
  });
  const usersSettled = !!client && (usersQuery.isFetched || usersQuery.isError);
  // The list (up to 500 people) is for pickers and mentions; its arrival re-renders every reader of the session in a
  // background render React can pause.
  const usersPage = usersQuery.data;

  // 6. Mood check (extension point for the mood module).
  useMoodCheck({ user: me?.user ?? null, client, isSuperadmin, enabled: usersSettled && !isSuperadmin });

  const updateOwnUser = useCallback(
    (user: UserDto) => {
      queryClient.setQueryData<OwnInfo>(queryKeys.me(user._id), (old) =>
        old ? { ...old, user, rights: user.rights, roles: user.roles } : old,
      );
      storeUser(user);
    },
    [queryClient],
  );

  // 7. Socket on /{workspace} and identify; `user.updated` about oneself refreshes own info.
  const userId = me?.user._id ?? null;
  useEffect(() => {
    if (!client || !userId || !auth.token || !usersSettled) return;
    let cancelled = false;
    let current: Socket | null = null;
    connectSocket({
      workspace: client.workspace,
      token: auth.token,
      clientId: client._id,
      userId,
      // A change to oneself between loading own info and joining the rooms came with no event: reload own info
      // (unchanged data keeps its references, so nothing downstream re-renders).
      onIdentified: () => void queryClient.invalidateQueries({ queryKey: queryKeys.me(userId) }),
    })
      .then((created) => {
        if (cancelled) {
          created.disconnect();
          return;
        }
        current = created;
        created.on('user.updated', (user: UserDto) => {
          if (user?._id === userId) updateOwnUser(user);
        });
        socketRef.current = created;
        // Every part of the page that reads the session re-renders for it: in the background, not as one long task.
        startTransition(() => setSocket(created));
      })
      .catch(() => {
        // Without realtime the app still works; pages refresh their data on navigation.
      });
    return () => {
      cancelled = true;
      closeSocket(current, false);
      if (socketRef.current === current) socketRef.current = null;
      setSocket(null);
    };
  }, [client, userId, auth.token, usersSettled, updateOwnUser, queryClient]);

  // The page is live once the socket has joined the person's rooms and React has handed it to the page: this effect
  // of the root runs after the effects of every mounted part, so their listeners are attached by then. Browser tests
  // wait for `data-live` on <html> before acting as someone else.
  useEffect(() => {
    if (!socket) return;
    const root = document.documentElement;
    const stop = whenIdentified(socket, () => root.setAttribute('data-live', 'true'));
    return () => {
      stop();
      root.removeAttribute('data-live');
    };
  }, [socket]);

  // Downloads by cookie: on start, after sign-in and whenever the superadmin changes workspace.
  useEffect(() => {
    if (!userId || !auth.token) return;
    if (isSuperadmin) setCompanyCookie(auth.currentClient?._id ?? null);
    openFilesSession().catch(() => undefined);
  }, [userId, auth.token, isSuperadmin, auth.currentClient?._id]);

  useEffect(() => {
    if (client) storeStartPage(client.start_page || 'company');
  }, [client]);

  useEffect(() => {
    if (me) storeUser(me.user);
  }, [me]);

  const signIn = useCallback(
    async (token: string, user: UserDto) => {
      const superadmin = user.roles.includes('superadmin');
      // The person's own language shows from the first screen after sign-in, not once their info has loaded.
      const own = superadmin ? null : toUiLang(user.lang);
      if (own) {
        await setUiLanguage(own).catch(() => undefined);
        storeLang(own);
        setLang(own);
      }
      queryClient.removeQueries({ queryKey: ['me'] });
      if (!superadmin) authStore.setCurrentClient(null);
      authStore.signIn(token, user);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    const { uid } = authStore.get();
    closeSocket(socketRef.current, true);
    socketRef.current = null;
    await logoutCall(uid).catch(() => undefined);
    await closeFilesSession().catch(() => undefined);
    setCompanyCookie(null);
    authStore.clearAll();
    // Everything but the environment: the login page should not wait for it again.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.env[0] });
  }, [queryClient]);

  useApiErrorHandling(signOut);

  const enterClient = useCallback((chosen: Pick<ClientDto, '_id' | 'workspace' | 'name'> | null) => {
    authStore.setCurrentClient(chosen ? { _id: chosen._id, workspace: chosen.workspace, name: chosen.name } : null);
    setCompanyCookie(chosen?._id ?? null);
  }, []);

  const rights = me?.rights ?? null;
  const isAdmin = isSuperadmin || !!me?.roles.includes('admin');
  const can = useCallback((right: Right) => isAdmin || rights?.[right] === true, [isAdmin, rights]);
  const hasFeature = useCallback(
    // A feature the workspace does not list is off, as on the server; without a workspace nothing is gated.
    (feature: Feature) => (client ? (client.features.find((f) => f.code === feature)?.active ?? false) : true),
    [client],
  );

  const setLanguage = useCallback(
    async (next: UiLang) => {
      await setUiLanguage(next);
      setLang(next);
      storeLang(next);
      // Right after sign-in own info may still be loading: the person signed in is known from the sign-in answer.
      const person = me?.user ?? (auth.authorized ? storedUser() : null);
      if (!person || person.roles.includes('superadmin')) return;
      updateOwnUser(await updateOwnSettings(person._id, { lang: toApiLang(next) }));
    },
    [me, auth.authorized, updateOwnUser],
  );

  const setColorScheme = useCallback(
    async (scheme: ColorScheme) => {
      if (!me) return;
      if (isSuperadmin) {
        storeTheme(scheme);
        setLocalScheme(scheme);
        return;
      }
      updateOwnUser(await updateOwnSettings(me.user._id, { theme: scheme }));
    },
    [me, isSuperadmin, updateOwnUser],
  );

  // The theme comes from the server (per employee, right dark_theme); the cached user avoids a flash at start.
  const themeUser = me?.user ?? (auth.authorized ? storedUser() : null);
  const wantsDark = (isSuperadmin ? (localScheme ?? themeUser?.theme) : themeUser?.theme) === 'dark';
  const colorScheme: ColorScheme = themeUser && wantsDark && themeUser.rights?.dark_theme !== false ? 'dark' : 'light';

  return useMemo(
    () => ({
      env,
      authorized: auth.authorized,
      user: me?.user ?? null,
      roles: me?.roles ?? [],
      client,
      isSuperadmin,
      isAdmin,
      // A superadmin entering a workspace waits for it rather than flashing the "no workspace" state.
      ready: !!me && (!!client || (isSuperadmin && !(savedClientId && clientQuery.isPending))),
      failed: meQuery.error ?? null,
      users: usersPage?.result ?? NO_USERS,
      usersComplete: !!usersPage && usersPage.result.length >= usersPage.total,
      follows: me?.follows ?? NO_FOLLOWS,
      socket,
      colorScheme,
      lang: lang ?? 'ru',
      can,
      hasFeature,
      signIn,
      signOut,
      enterClient,
      setLanguage,
      setColorScheme,
      updateOwnUser,
      retry: () => void refetchOwnInfo(),
      booting: !lang || (!env && !envQuery.isError),
      offline: envQuery.isError && !env,
    }),
    [
      env,
      auth.authorized,
      me,
      client,
      isSuperadmin,
      isAdmin,
      meQuery.error,
      refetchOwnInfo,
      savedClientId,
      clientQuery.isPending,
      usersPage,
      socket,
      colorScheme,
      lang,
      can,
      hasFeature,
      signIn,
      signOut,
      enterClient,
      setLanguage,
      setColorScheme,
      updateOwnUser,
      envQuery.isError,
    ],
  );
}

function guessFromEnv(env: { defaultLang: string } | null): UiLang {
  return toUiLang(storedLang()) ?? (env ? toUiLang(env.defaultLang) : null) ?? guessLanguage();
}
