import type { Tokens } from './tokens.js';

/** A session token for a person as their row stands (a changed token version revokes the earlier ones). */
export const sessionToken = (tokens: Tokens, user: { id: string; clientId: string | null; tokenVersion: number }) =>
  tokens.sign({ id: user.id, clientId: user.clientId, tokenVersion: user.tokenVersion });
