import type { RequestContext } from '../../platform/http/context.js';

/**
 * Downloads by cookie (`POST api/files/session`): the superadmin, who belongs to no workspace, downloads in the one
 * they chose (X-COMPANY-ID), which the cookie `hallway_company` carries; for everyone else the token names theirs.
 * Answers the workspace for the cookie, or '' for none.
 */
export function downloadWorkspace(ctx: RequestContext): string {
  return ctx.isSuperadmin && ctx.clientId ? ctx.clientId : '';
}
