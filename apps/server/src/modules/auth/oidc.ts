import { and, eq, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Config } from '../../config.js';
import { inSystem } from '../../platform/db/tenant.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { Platform } from '../../platform/index.js';
import { clients } from '../clients/tables.js';
import { users } from '../users/tables.js';
import { issueToken, noteSignIn } from './service.js';

type OidcSettings = NonNullable<Config['oidc']>;
let discovered: { settings: OidcSettings; config: Promise<oidc.Configuration> } | null = null;

function configuration(settings: OidcSettings): Promise<oidc.Configuration> {
  if (discovered?.settings !== settings) {
    const config = oidc.discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret);
    config.catch(() => {
      discovered = null; // try the discovery again on the next sign-in
    });
    discovered = { settings, config };
  }
  return discovered.config;
}

function settingsOf(platform: Platform): OidcSettings {
  if (!platform.config.oidc) throw new AppError(400, 'oidc_disabled');
  return platform.config.oidc;
}

/** Where the sign-in button sends the browser (the identity provider's authorization page). */
export async function authorizationUrl(platform: Platform): Promise<string> {
  const settings = settingsOf(platform);
  const config = await configuration(settings).catch(() => {
    throw new AppError(502, 'oidc_error');
  });
  return oidc
    .buildAuthorizationUrl(config, { redirect_uri: settings.redirectUri, scope: 'openid email profile' })
    .toString();
}

/**
 * `POST api/outlook/login`: exchanges the authorization code, then signs in the employee whose e-mail the
 * identity provider vouches for. Nobody is created here: administrators add employees.
 */
export async function signInWithCode(platform: Platform, code: string) {
  const settings = settingsOf(platform);
  let email: string | undefined;
  try {
    const config = await configuration(settings);
    const callback = new URL(settings.redirectUri);
    callback.searchParams.set('code', code);
    const tokens = await oidc.authorizationCodeGrant(config, callback, { idTokenExpected: true });
    const claims = tokens.claims();
    email = String(claims?.email ?? claims?.preferred_username ?? claims?.upn ?? '').toLowerCase();
  } catch {
    throw new AppError(400, 'oidc_error');
  }
  if (!email) throw new AppError(400, 'oidc_error');
  const found = await inSystem(platform.database, async (tx) => {
    const [row] = await tx
      .select({ user: users, clientStatus: clients.status })
      .from(users)
      .leftJoin(clients, eq(clients.id, users.clientId))
      .where(and(sql`lower(${users.email}) = ${email}`));
    return row;
  });
  if (!found) throw new AppError(400, 'user_not_found');
  if (found.user.awaitingApproval) throw new AppError(403, 'registration_pending');
  if (found.user.deletionMark) throw new AppError(403, 'user_deleted');
  if (found.clientStatus === 'blocked') throw new AppError(403, 'company_blocked');
  await noteSignIn(platform, found.user.id);
  return { token: issueToken(platform, found.user), user: found.user };
}
