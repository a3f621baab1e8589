import { forbidden, invalidFields } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { moduleVisits, visitorSessions } from './tables.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/** Reports speak for the caller only: their own id and their own workspace. */
function assertSelf(ctx: RequestContext, userId: string, clientId: string) {
  if (userId !== ctx.me().id || clientId !== ctx.tenant()) throw forbidden();
}

export async function recordSession(
  ctx: RequestContext,
  report: { sessionStart: Date; currentTime: Date; userId: string; clientId: string },
) {
  assertSelf(ctx, report.userId, report.clientId);
  const { sessionStart, currentTime } = report;
  if (currentTime.getTime() > Date.now() + CLOCK_SKEW_MS) throw invalidFields({ currentTime: 'validation' });
  if (sessionStart > currentTime || currentTime.getTime() - sessionStart.getTime() > DAY_MS) {
    throw invalidFields({ sessionStart: 'validation' });
  }
  await ctx.db.insert(visitorSessions).values({
    clientId: report.clientId,
    userId: report.userId,
    sessionStart,
    sessionEnd: currentTime,
    seconds: Math.round((currentTime.getTime() - sessionStart.getTime()) / 1000),
  });
}

export async function recordModuleVisit(
  ctx: RequestContext,
  visit: { module: string; date: Date; userId: string; clientId: string },
) {
  assertSelf(ctx, visit.userId, visit.clientId);
  if (visit.date.getTime() > Date.now() + CLOCK_SKEW_MS) throw invalidFields({ date: 'validation' });
  await ctx.db
    .insert(moduleVisits)
    .values({ clientId: visit.clientId, userId: visit.userId, module: visit.module, visitedAt: visit.date });
}
