import type { UserDto } from '@hallway/shared';
import type { RequestContext } from '../../platform/http/context.js';
import type { Platform } from '../../platform/index.js';

/**
 * After a change commits, the person's open tabs learn their new profile, roles and rights (`user.updated`).
 * Until the notifications module exists this is also how an employee learns that their rights changed.
 */
export function announce(platform: Platform, ctx: RequestContext, user: UserDto): UserDto {
  const clientId = ctx.clientId;
  if (clientId) ctx.afterCommit(() => platform.realtime.emit(clientId, `user:${user._id}`, 'user.updated', user));
  return user;
}

/**
 * Once a change that ends someone's sessions commits (logout, password change, deletion), their open sockets are
 * closed in every process: a socket must not outlive the token that opened it.
 */
export function revokeSessions(platform: Platform, ctx: RequestContext, userId: string): void {
  ctx.afterCommit(() => platform.realtime.revokeUser(userId));
}
