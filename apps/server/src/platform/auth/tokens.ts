import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createSigner, createVerifier } from 'fast-jwt';
import type { Database } from '../db/client.js';
import { systemSettings } from '../db/tables.js';
import { inSystem } from '../db/tenant.js';

/** The JWT payload (spec portal §3 "Login response"): expiry, client_id, result._id, plus a revocation version. */
export interface TokenPayload {
  result: { _id: string };
  client_id: string | null;
  v: number;
  exp: number;
  iat: number;
}

export interface Tokens {
  sign(user: { id: string; clientId: string | null; tokenVersion: number }): string;
  /** The payload, or null for a missing, forged, expired or never-expiring token. */
  verify(token: string): TokenPayload | null;
}

export function createTokens(secret: string, ttl: string): Tokens {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttl });
  // A token without an expiry would be a session forever (until the next logout): refused even when well signed.
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], requiredClaims: ['exp'], cache: 1000 });
  return {
    sign: (user) => signer({ result: { _id: user.id }, client_id: user.clientId, v: user.tokenVersion }),
    verify: (token) => {
      try {
        const payload = verifier(token) as TokenPayload;
        const valid =
          typeof payload?.result?._id === 'string' && typeof payload.v === 'number' && typeof payload.exp === 'number';
        return valid ? payload : null;
      } catch {
        return null;
      }
    },
  };
}

/** JWT_SECRET when configured; otherwise a secret generated once and kept in the database for every process. */
export async function resolveSecret(database: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  return inSystem(database, async (tx) => {
    await tx
      .insert(systemSettings)
      .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await tx.select().from(systemSettings).where(sql`${systemSettings.key} = 'jwt_secret'`);
    return row.value as string;
  });
}
