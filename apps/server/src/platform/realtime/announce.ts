import type { RequestContext } from '../http/context.js';
import type { Platform } from '../index.js';

/**
 * Sends a realtime event once the request's transaction has committed (never for a rolled-back one), to the
 * workspace's room `room` (`user:{id}`, `group:{id}`) or, with `null`, to everyone in the workspace. A request in
 * no workspace (the superadmin outside one) announces nothing.
 */
export function announce(
  platform: Platform,
  ctx: RequestContext,
  room: string | null,
  event: string,
  payload: unknown,
) {
  const clientId = ctx.clientId;
  if (clientId) ctx.afterCommit(() => platform.realtime.emit(clientId, room, event, payload));
}

/**
 * Once a change that ends someone's sessions commits (logout, password change, deletion), their open sockets are
 * closed in every process: a socket must not outlive the token that opened it.
 */
export function revokeSessions(platform: Platform, ctx: RequestContext, userId: string): void {
  ctx.afterCommit(() => platform.realtime.revokeUser(userId));
}
