import { sql } from 'drizzle-orm';
import { journal } from '../db/tables.js';
import { AppError } from '../errors/app-error.js';
import type { RequestContext } from '../http/context.js';

/**
 * The one explicit system path (ARCHITECTURE "Tenancy"): a superadmin's request switches its own transaction to
 * see every workspace, and the journal records why. Everything after this call in the request sees all tenants.
 */
export async function enterSystemPath(
  ctx: RequestContext,
  action: string,
  details: Record<string, unknown> & { clientId?: string } = {},
): Promise<void> {
  if (!ctx.isSuperadmin) throw new AppError(403, 'no_access');
  await ctx.db.execute(sql`SELECT set_config('app.system', 'on', true)`);
  const { clientId, ...rest } = details;
  await ctx.db
    .insert(journal)
    .values({ clientId: clientId ?? ctx.clientId, userId: ctx.user!.id, action, details: rest });
}
