import type { UserDto } from '@hallway/shared';

/** Local-storage keys of spec portal §9, plus the remembered interface language and the last login error. */
export const STORAGE_KEYS = {
  authorization: 'authorization',
  token: 'token',
  uid: 'uid',
  currentUser: 'CurrentUserData',
  startPage: 'startPage',
  currentClient: 'currentClient',
  loginError: 'loginError',
  lang: 'lang',
  theme: 'theme',
} as const;

/** Per tab: where a visitor wanted to go before being sent to sign in. */
const RETURN_TO_KEY = 'returnTo';
/** Per tab: the session ended by a 401, so the login page explains why the person is there. */
const EXPIRED_KEY = 'sessionExpired';

/** The workspace a superadmin has entered; only what the header and X-COMPANY-ID need. */
export interface SavedClient {
  _id: string;
  workspace: string;
  name: string;
}

export interface AuthSnapshot {
  token: string | null;
  uid: string | null;
  /** Signed in means a token, a uid and the authorization flag are all kept (spec portal §4 "Session"). */
  authorized: boolean;
  currentClient: SavedClient | null;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the session then lives only as long as the page.
  }
}

function readJson<T>(key: string): T | null {
  const raw = read(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

function takeSnapshot(): AuthSnapshot {
  const token = read(STORAGE_KEYS.token);
  const uid = read(STORAGE_KEYS.uid);
  const flag = read(STORAGE_KEYS.authorization) === 'true';
  return { token, uid, authorized: !!token && !!uid && flag, currentClient: readJson(STORAGE_KEYS.currentClient) };
}

let snapshot = takeSnapshot();
const listeners = new Set<() => void>();

function changed(): void {
  snapshot = takeSnapshot();
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  // Another tab signing out or in changes this tab's session too.
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key as never)) changed();
  });
}

/** The session kept in local storage, observable by React (useSyncExternalStore) and read by the fetch client. */
export const authStore = {
  get: (): AuthSnapshot => snapshot,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(token: string, user: UserDto): void {
    write(STORAGE_KEYS.token, token);
    write(STORAGE_KEYS.uid, user._id);
    write(STORAGE_KEYS.authorization, 'true');
    write(STORAGE_KEYS.currentUser, JSON.stringify(user));
    write(STORAGE_KEYS.loginError, null);
    changed();
  },
  /** A 401 or a failed sign-in: the credentials go, the superadmin's chosen workspace stays for the next sign-in. */
  clearAuth(): void {
    write(STORAGE_KEYS.token, null);
    write(STORAGE_KEYS.uid, null);
    write(STORAGE_KEYS.authorization, null);
    write(STORAGE_KEYS.currentUser, null);
    changed();
  },
  /** Logout forgets everything of the session. */
  clearAll(): void {
    for (const key of [
      STORAGE_KEYS.token,
      STORAGE_KEYS.uid,
      STORAGE_KEYS.authorization,
      STORAGE_KEYS.currentUser,
      STORAGE_KEYS.startPage,
      STORAGE_KEYS.currentClient,
      STORAGE_KEYS.loginError,
    ]) {
      write(key, null);
    }
    changed();
  },
  setCurrentClient(client: SavedClient | null): void {
    write(STORAGE_KEYS.currentClient, client ? JSON.stringify(client) : null);
    changed();
  },
};

export const storedUser = (): UserDto | null => readJson<UserDto>(STORAGE_KEYS.currentUser);
export const storeUser = (user: UserDto): void => write(STORAGE_KEYS.currentUser, JSON.stringify(user));

export const storedLoginError = (): unknown => readJson(STORAGE_KEYS.loginError);
export const storeLoginError = (error: unknown): void => write(STORAGE_KEYS.loginError, JSON.stringify(error));

export const storedStartPage = (): string | null => read(STORAGE_KEYS.startPage);
export const storeStartPage = (page: string): void => write(STORAGE_KEYS.startPage, page);

export const storedLang = (): string | null => read(STORAGE_KEYS.lang);
export const storeLang = (lang: string): void => write(STORAGE_KEYS.lang, lang);

/** A superadmin's theme when the server cannot keep it (they have no workspace profile). */
export const storedTheme = (): string | null => read(STORAGE_KEYS.theme);
export const storeTheme = (theme: string): void => write(STORAGE_KEYS.theme, theme);

/** Only same-origin paths are remembered, so a crafted link cannot bounce the person elsewhere after sign-in. */
export function rememberReturnPath(path: string): void {
  if (!path.startsWith('/') || path.startsWith('//')) return;
  try {
    sessionStorage.setItem(RETURN_TO_KEY, path);
  } catch {
    // Without session storage the person lands on the start page instead.
  }
}

export function takeReturnPath(): string | null {
  try {
    const path = sessionStorage.getItem(RETURN_TO_KEY);
    sessionStorage.removeItem(RETURN_TO_KEY);
    return path?.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}

export function markSessionExpired(): void {
  try {
    sessionStorage.setItem(EXPIRED_KEY, '1');
  } catch {
    // The login page then simply shows no explanation.
  }
}

export function sessionExpiredNotice(): boolean {
  try {
    return sessionStorage.getItem(EXPIRED_KEY) === '1';
  } catch {
    return false;
  }
}

export function clearSessionExpiredNotice(): void {
  try {
    sessionStorage.removeItem(EXPIRED_KEY);
  } catch {
    // nothing to clear
  }
}
