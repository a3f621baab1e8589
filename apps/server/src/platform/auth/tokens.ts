import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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
  /**
   * A personal link's signature: what lets a link in one person's mail act for them on the one thing its path
   * names (answer that invitation), and nothing else: it signs nobody in.
   */
  linkSignature(userId: string, path: string): string;
  /** Whether `signature` is that of the person and path (compared in constant time). */
  verifyLink(userId: string, path: string, signature: string): boolean;
}

export function createTokens(secret: string, ttl: string): Tokens {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttl });
  // A token without an expiry would be a session forever (until the next logout): refused even when well signed.
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], requiredClaims: ['exp'], cache: 1000 });
  // Links have a key of their own, derived from the secret: a link's signature can never pass for a token's.
  const linkKey = createHmac('sha256', secret).update('hallway personal links').digest();
  const linkSignature = (userId: string, path: string) =>
    createHmac('sha256', linkKey).update(`${userId}\n${path}`).digest('base64url');
  return {
    linkSignature,
    verifyLink: (userId, path, signature) => {
      const expected = Buffer.from(linkSignature(userId, path));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
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
