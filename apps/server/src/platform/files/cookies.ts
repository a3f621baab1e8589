/**
 * Browsers cannot put a Bearer header on `<img src>` or a download link, so file routes also accept the
 * session from an HttpOnly cookie scoped to their path (GET only; see access/guard.ts).
 */
export const SESSION_COOKIE = 'hallway_session';
/** The workspace a superadmin has chosen, the cookie twin of X-COMPANY-ID for the same GET requests. */
export const COMPANY_COOKIE = 'hallway_company';
export const FILES_COOKIE_PATH = '/api/files';

/** The value of one cookie of a `Cookie` header, or null. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    const value = pair.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value) || null;
    } catch {
      return null;
    }
  }
  return null;
}

/** A `Set-Cookie` value for the file routes; `maxAge` 0 clears the cookie. */
export function fileCookie(name: string, value: string, options: { maxAge: number; secure: boolean }): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${FILES_COOKIE_PATH}`,
    `Max-Age=${Math.max(0, Math.floor(options.maxAge))}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Secure when people reach Hallway over https: PUBLIC_URL says so, or the request came over TLS (directly or
 * through a proxy TRUST_PROXY names; a forged X-Forwarded-Proto from anyone else is not believed). */
export function secureCookies(protocol: string, publicUrl: string): boolean {
  return protocol === 'https' || publicUrl.startsWith('https:');
}

/**
 * The `Set-Cookie` values that let `<img src>` use `token` (expiring at `exp`, seconds since the epoch), and carry
 * the superadmin's chosen workspace or clear it. Sign-in answers send them too, so that images on the first paint
 * after sign-in do not race PUT /api/files/session.
 */
export function sessionCookies(token: string, exp: number | undefined, company: string, secure: boolean): string[] {
  const maxAge = exp ? exp - Date.now() / 1000 : 0;
  return [
    fileCookie(SESSION_COOKIE, token, { maxAge, secure }),
    fileCookie(COMPANY_COOKIE, company, { maxAge: company ? maxAge : 0, secure }),
  ];
}
