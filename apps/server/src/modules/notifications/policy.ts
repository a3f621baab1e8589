import type { RequestContext } from '../../platform/http/context.js';

/**
 * Notification settings (portal §7 "Notifications"): everyone reads and changes their own; administrators also set
 * the workspace's defaults and read a colleague's (the employees list's notifications tab).
 */
export function settingsPolicy(ctx: RequestContext): { workspaceDefaults: boolean; readColleagues: boolean } {
  return { workspaceDefaults: ctx.isAdmin, readColleagues: ctx.isAdmin };
}
