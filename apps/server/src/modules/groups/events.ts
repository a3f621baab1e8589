import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../platform/http/context.js';
import type { Platform } from '../../platform/index.js';
import { announce } from '../../platform/realtime/announce.js';
import { groups } from './tables.js';

/**
 * Realtime of groups (docs/api.md "Groups and projects"), sent after the commit. The platform arrives when the
 * module registers its routes (`useRealtime`); socket events have no other way to reach it.
 */
let platform: Platform | null = null;

export function useRealtime(p: Platform): void {
  platform = p;
}

const room = (groupId: string) => `group:${groupId}`;

export const groupAnnounce = {
  /** Puts every socket of the person into the group's room once the change committed. */
  joinRoom(ctx: RequestContext, userId: string, groupId: string) {
    const clientId = ctx.clientId;
    const p = platform;
    if (clientId && p) ctx.afterCommit(() => p.realtime.join(clientId, userId, room(groupId)));
  },
  updated(ctx: RequestContext, groupId: string) {
    if (platform) announce(platform, ctx, room(groupId), 'group.updated', { _id: groupId });
  },
  /** The member count as this transaction leaves it. */
  async members(ctx: RequestContext, groupId: string) {
    if (!platform) return;
    const [row] = await ctx.db.select({ count: groups.membersCount }).from(groups).where(eq(groups.id, groupId));
    announce(platform, ctx, room(groupId), 'group.members', { _id: groupId, membersCount: row?.count ?? 0 });
  },
  deleted(ctx: RequestContext, groupId: string) {
    if (platform) announce(platform, ctx, room(groupId), 'group.deleted', { _id: groupId });
  },
  membership(ctx: RequestContext, userId: string, groupId: string) {
    if (platform) announce(platform, ctx, `user:${userId}`, 'group.membership', { _id: groupId });
  },
};
