import { AppError } from '../errors/app-error.js';
import type { RequestContext } from '../http/context.js';

/** Ids of workspaces in paths and bodies never select a tenant: they must name the caller's own (ARCHITECTURE "Tenancy"). */
export function assertOwnWorkspace(ctx: RequestContext, clientId: string): void {
  if (clientId !== ctx.tenant()) throw new AppError(403, 'no_access');
}

/** The same for a workspace code (`/api/user/for_client/{workspace}`), compared without letter case. */
export function assertOwnWorkspaceCode(ctx: RequestContext, workspace: string): void {
  if (workspace.toLowerCase() !== ctx.client?.workspace.toLowerCase()) throw new AppError(403, 'no_access');
}

/** A policy's answer applied: a module's service calls `authorize(policy(ctx, row).edit)` before changing a row. */
export function authorize(allowed: boolean): void {
  if (!allowed) throw new AppError(403, 'no_access');
}
