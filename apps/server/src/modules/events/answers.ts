// Members' own answers and reminders.
import type { EventAnswer, EventLinkAnswerBody, EventLinkAnswerDto } from '@hallway/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { enforceOnBehalf } from '../../platform/access/guard.js';
import { rowsOf } from '../../platform/db/client.js';
import { inSystem, inTenant } from '../../platform/db/tenant.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import { createContext, type RequestContext } from '../../platform/http/context.js';
import type { ModuleServices } from '../../platform/http/module.js';
import type { Platform } from '../../platform/index.js';
import { principalQuery } from '../users/index.js';
import { users } from '../users/tables.js';
import { calendarChanged } from './announce.js';
import { invitationPath } from './edits.js';
import { loadVisible } from './reads.js';
import { eventMembers, events } from './tables.js';

/**
 * `PUT api/event/{id}/answer`: a member's answer for every occurrence. The event's row is locked first (as edits
 * do), then the counters move by one in SQL, so concurrent answers never lose a count.
 */
export async function answerEvent(ctx: RequestContext, id: string, answer: Exclude<EventAnswer, 'none'>) {
  const { root, mine } = await loadVisible(ctx, id, true);
  if (mine.answer === null) throw new AppError(403, 'event_not_member');
  const me = ctx.me().id;
  const [old] = await ctx.db
    .select({ answer: eventMembers.answer })
    .from(eventMembers)
    .where(and(eq(eventMembers.eventId, root.id), eq(eventMembers.userId, me)))
    .for('update');
  if (old.answer !== answer) {
    await ctx.db
      .update(eventMembers)
      .set({ answer, answered: new Date() })
      .where(and(eq(eventMembers.eventId, root.id), eq(eventMembers.userId, me)));
    const column = (a: EventAnswer) => sql.raw(`count_${a}`);
    await ctx.db.execute(
      sql`UPDATE events SET ${column(old.answer)} = ${column(old.answer)} - 1, ${column(answer)} = ${column(answer)} + 1
          WHERE id = ${root.id}`,
    );
  }
  const [counted] = await ctx.db.select().from(events).where(eq(events.id, root.id));
  calendarChanged(ctx, root.id, [root.organizerId]);
  return {
    _id: root.id,
    myAnswer: answer,
    counts: {
      accept: counted.countAccept,
      maybe: counted.countMaybe,
      decline: counted.countDecline,
      none: counted.countNone,
    },
  };
}

/** `PUT api/event/{id}/reminders`: a member's own reminder offsets. */
export async function setReminders(ctx: RequestContext, id: string, minutes: number[]) {
  const { root, mine } = await loadVisible(ctx, id);
  if (mine.answer === null) throw new AppError(403, 'event_not_member');
  const sorted = [...minutes].sort((a, b) => a - b);
  await ctx.db
    .update(eventMembers)
    .set({ reminders: sorted })
    .where(and(eq(eventMembers.eventId, root.id), eq(eventMembers.userId, ctx.me().id)));
  return { _id: root.id, myReminders: sorted };
}

/**
 * `PUT api/event/{id}/answer/link`: an invitation mail's accept or decline link answers for its person without
 * signing them in. The signature (platform tokens' `linkSignature` of the person and the invitation's path) is
 * checked first, so a wrong one learns nothing (a bare 404); then the link stands for its person as the calendar's own
 * routes would: a deleted person, a blocked workspace, the calendar switched off or the right taken away close it.
 */
export async function answerByLink(
  platform: Platform,
  services: Partial<ModuleServices>,
  log: FastifyBaseLogger,
  eventId: string,
  body: EventLinkAnswerBody,
): Promise<EventLinkAnswerDto> {
  if (!platform.tokens.verifyLink(body.user, invitationPath(eventId), body.signature)) throw notFound('not_found');
  const [person] = await inSystem(platform.database, (tx) =>
    tx.select({ clientId: users.clientId }).from(users).where(eq(users.id, body.user)),
  );
  if (!person?.clientId) throw notFound('not_found');
  const clientId = person.clientId;
  const after: (() => unknown)[] = [];
  const answered = await inTenant(platform.database, { clientId }, async (tx) => {
    const who = principalQuery.read(await rowsOf(tx, sql.raw(principalQuery.sql(body.user, clientId))));
    if (!who) throw notFound('not_found');
    enforceOnBehalf(who, { feature: 'calendar', right: 'calendar' });
    const ctx = createContext({
      db: tx,
      user: who.user,
      client: who.client,
      log,
      afterCommit: (task) => after.push(task),
      services,
    });
    const { _id, myAnswer } = await answerEvent(ctx, eventId, body.answer);
    const [row] = await tx.select().from(events).where(eq(events.id, _id));
    return {
      _id,
      myAnswer,
      event: {
        name: row.name,
        start: row.start.toISOString(),
        end: row.end.toISOString(),
        allDay: row.allDay,
        timeZone: row.timeZone,
        place: row.place,
        link: row.link,
      },
    };
  });
  for (const task of after) await task();
  return answered;
}
