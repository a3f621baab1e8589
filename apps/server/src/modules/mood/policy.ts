import type { RequestContext } from '../../platform/http/context.js';

/**
 * Who the mood meter asks and who reads its statistics (portal §2 "mood meter", modules §7 "Mood"; docs/api.md
 * "Mood"): every person of the workspace is asked once a day unless they are the superadmin (portal §6 "gets no
 * mood meter") or the workspace hides the meter; the statistics, never naming anyone, are the administrators'.
 */
export const mayBeAsked = (ctx: RequestContext, hidden: boolean): boolean => !!ctx.user && !ctx.isSuperadmin && !hidden;

/** The check is one's own: another person's need is nobody's business. */
export const mayCheck = (ctx: RequestContext, userId: string): boolean => ctx.user?.id === userId;

export const mayReadStats = (ctx: RequestContext): boolean => ctx.isAdmin;
