import type { Tx } from '../../platform/db/client.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { ClientRow } from './tables.js';

/**
 * What workspaces need of the people module: counting a workspace's people, creating its first administrator.
 * The users module provides it through the contract (`provides: { workspacePeople }`): users depend on
 * workspaces (their table, their presentation), so workspaces must not import users back.
 */
export interface WorkspacePeople {
  activeUserCounts(tx: Tx, clientIds: string[]): Promise<Map<string, number>>;
  createFirstAdmin(
    tx: Tx,
    client: Pick<ClientRow, 'id' | 'settings'>,
    person: { login?: string; email: string; firstName: string; lastName: string; passwordHash: string },
  ): Promise<unknown>;
}

declare module '../../platform/http/module.js' {
  interface ModuleServices {
    workspacePeople: WorkspacePeople;
  }
}

export function workspacePeople(ctx: RequestContext): WorkspacePeople {
  const provided = ctx.services.workspacePeople;
  if (!provided) throw new Error('Workspaces need the users module (modules/index.ts)');
  return provided;
}
