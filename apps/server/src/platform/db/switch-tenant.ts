import { sql } from 'drizzle-orm';
import type { Tx } from './client.js';

/**
 * Moves a transaction into a workspace the server itself resolved (sign-in, open registration by workspace code):
 * never from a value the caller chose.
 */
export async function switchTenant(tx: Tx, clientId: string): Promise<void> {
  await tx.execute(sql`SELECT set_config('app.system', 'off', true), set_config('app.client_id', ${clientId}, true)`);
}
