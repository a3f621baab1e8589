// Members' own answers and reminders.
import type { EventAnswer } from '@hallway/shared';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { calendarChanged } from './announce.js';
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
