import type { LinkBlockDto } from '@hallway/shared';
import type { RequestContext } from '../../platform/http/context.js';

/**
 * What one person may do with the useful-links blocks (modules §3 "Link block"): administrators edit them (create
 * and switch a module's block, add, change and remove links) and see the switched-off ones, which are hidden from
 * everyone else. Sent as `can` with each block and with a module's list of blocks (there may be none yet).
 */
export function linksPolicy(ctx: RequestContext): LinkBlockDto['can'] & { seeDisabled: boolean } {
  return { edit: ctx.isAdmin, seeDisabled: ctx.isAdmin };
}
