import type { Tx } from '../../platform/db/client.js';

/** Filled in below once the module's calls work. */
export async function seedEvents(_tx: Tx, _clientId: string): Promise<void> {}
