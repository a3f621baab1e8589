import type { UserDto } from '@hallway/shared';
import type { RequestContext } from '../../platform/http/context.js';
import type { Platform } from '../../platform/index.js';
import { announce as announceAfterCommit } from '../../platform/realtime/announce.js';

/**
 * After a change commits, the person's open tabs learn their new profile, roles and rights (`user.updated`).
 * Until the notifications module exists this is also how an employee learns that their rights changed.
 */
export function announce(platform: Platform, ctx: RequestContext, user: UserDto): UserDto {
  announceAfterCommit(platform, ctx, `user:${user._id}`, 'user.updated', user);
  return user;
}
