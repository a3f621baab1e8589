import type { RequestContext } from '../../platform/http/context.js';

/**
 * What one person may do with a workspace (portal §7 "Clients"): its own people read it and its administrators
 * change it, but for the superadmin's fields (status, storage size); the superadmin reads and changes any, another
 * workspace's through the system path (`elsewhere`: journalled, platform/access/system-path.ts).
 */
export function clientPolicy(ctx: RequestContext, clientId: string) {
  const own = ctx.clientId === clientId;
  return {
    read: own || ctx.isSuperadmin,
    edit: ctx.isSuperadmin || (own && ctx.isAdmin),
    editSuperadminFields: ctx.isSuperadmin,
    elsewhere: ctx.isSuperadmin && !own,
  };
}
