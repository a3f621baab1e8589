// The calendar settings of a person, their iCal subscription (a secret token in the URL) and `.ics` downloads.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { CalendarSettingsDto, EventAnswer } from '@hallway/shared';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { enforceOnBehalf } from '../../platform/access/guard.js';
import { rowsOf, type Tx } from '../../platform/db/client.js';
import { inSystem, inTenant } from '../../platform/db/tenant.js';
import { notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { Platform } from '../../platform/index.js';
import { workspaceTimeZone } from '../clients/index.js';
import { ownTimeZone, principalQuery, setOwnTimeZone } from '../users/index.js';
import { users } from '../users/tables.js';
import { calendarText, type IcsEvent } from './ics.js';
import { calendarFeeds, type EventRow, eventMembers, events } from './tables.js';

/** How far back the feed reaches: calendars keep what they fetched before. */
const FEED_PAST_DAYS = 180;
/** Attendees listed per event in the feed (a department-wide event would otherwise weigh megabytes). */
const FEED_ATTENDEES_MAX = 100;

const newToken = () => randomBytes(32).toString('base64url');

async function tokenOf(ctx: RequestContext, regenerate: boolean): Promise<string> {
  const userId = ctx.me().id;
  const token = newToken();
  const [row] = await ctx.db
    .insert(calendarFeeds)
    .values({ userId, clientId: ctx.tenant(), token })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: regenerate ? { token, updated: new Date() } : { userId: sql`excluded.user_id` },
    })
    .returning({ token: calendarFeeds.token });
  return row.token;
}

export async function settings(
  platform: Platform,
  ctx: RequestContext,
  regenerate = false,
): Promise<CalendarSettingsDto> {
  const own = await ownTimeZone(ctx);
  const workspace = await workspaceTimeZone(ctx.db, ctx.tenant());
  const token = await tokenOf(ctx, regenerate);
  return {
    timeZone: own ?? workspace ?? 'UTC',
    ownTimeZone: own,
    workspaceTimeZone: workspace,
    feedUrl: `${platform.config.publicUrl}/api/calendar/feed/${ctx.me().id}/${token}.ics`,
  };
}

export async function saveSettings(platform: Platform, ctx: RequestContext, timeZone: string | null) {
  await setOwnTimeZone(ctx, timeZone);
  return settings(platform, ctx);
}

/** The ICS items of event rows: people, answers, excluded occurrences that are not moved ones. */
async function icsItems(tx: Tx, rows: EventRow[]): Promise<IcsEvent[]> {
  const rootIds = [...new Set(rows.map((r) => r.seriesId ?? r.id))];
  const roots = new Map<string, EventRow>(rows.filter((r) => !r.seriesId).map((r) => [r.id, r]));
  const missing = rootIds.filter((id) => !roots.has(id));
  if (missing.length)
    for (const r of await tx.select().from(events).where(inArray(events.id, missing))) roots.set(r.id, r);
  const members = rootIds.length
    ? await tx
        .select({
          eventId: eventMembers.eventId,
          answer: eventMembers.answer,
          name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
          email: users.email,
        })
        .from(eventMembers)
        .innerJoin(users, eq(users.id, eventMembers.userId))
        .where(inArray(eventMembers.eventId, rootIds))
    : [];
  const byEvent = new Map<string, { name: string; email: string | null; answer: EventAnswer }[]>();
  for (const m of members) {
    const list = byEvent.get(m.eventId) ?? [];
    list.push(m);
    byEvent.set(m.eventId, list);
  }
  const organizerIds = [...new Set([...roots.values()].map((r) => r.organizerId))];
  const organizers = new Map(
    (organizerIds.length
      ? await tx
          .select({
            id: users.id,
            name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
            email: users.email,
          })
          .from(users)
          .where(inArray(users.id, organizerIds))
      : []
    ).map((o) => [o.id, o]),
  );
  const moved = new Set(rows.filter((r) => r.seriesId).map((r) => `${r.seriesId}/${r.occurrence!.getTime()}`));
  return rows.map((row) => {
    const root = roots.get(row.seriesId ?? row.id)!;
    const organizer = organizers.get(root.organizerId);
    return {
      row,
      organizer: { name: organizer?.name ?? '', email: organizer?.email ?? null },
      attendees: (byEvent.get(root.id) ?? []).slice(0, FEED_ATTENDEES_MAX),
      exdates: row.exdates.map((d) => d.getTime()).filter((at) => !moved.has(`${row.id}/${at}`)),
    };
  });
}

/** `GET api/event/{id}/ics`: the event (a series with its moved occurrences). */
export async function eventIcs(platform: Platform, ctx: RequestContext, root: EventRow): Promise<string> {
  const rows = [root, ...(await ctx.db.select().from(events).where(eq(events.seriesId, root.id)))];
  return calendarText(await icsItems(ctx.db, rows), {
    name: root.name,
    publicUrl: platform.config.publicUrl,
    method: 'PUBLISH',
  });
}

/**
 * The invitation's `invite.ics` (RFC 5546 METHOD:REQUEST): the event (a series with its moved occurrences), its
 * organizer and attendees, read in the inviting transaction so it shows the event as saved.
 */
export async function invitationIcs(tx: Tx, publicUrl: string, root: EventRow): Promise<string> {
  const rows = [root, ...(await tx.select().from(events).where(eq(events.seriesId, root.id)))];
  return calendarText(await icsItems(tx, rows), { name: root.name, publicUrl, method: 'REQUEST' });
}

const sameToken = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * `GET api/calendar/feed/{userId}/{token}.ics` (public): the person's events — organizer or member, not declined —
 * that end after FEED_PAST_DAYS ago. The token is compared in constant time; any mismatch is a bare 404. Then, at
 * every fetch, the calendar's own access: a blocked workspace, the `calendar` feature off or the person's `calendar`
 * right taken away answers the guard's 403 (`company_blocked`, `feature_disabled`, `no_access`).
 */
export async function personalFeed(platform: Platform, userId: string, token: string): Promise<string> {
  const feed = await inSystem(platform.database, async (tx) => {
    const [row] = await tx
      .select({ token: calendarFeeds.token, clientId: calendarFeeds.clientId })
      .from(calendarFeeds)
      .innerJoin(users, eq(users.id, calendarFeeds.userId))
      .where(and(eq(calendarFeeds.userId, userId), eq(users.deletionMark, false)));
    return row;
  });
  if (!feed || !sameToken(feed.token, token)) throw notFound('not_found');
  // The rows are read in the transaction; the text is written after it, a piece at a time.
  const items = await inTenant(platform.database, { clientId: feed.clientId }, async (tx) => {
    // The token stands for its person as the calendar's own routes would: workspace active, feature and right on.
    const who = principalQuery.read(await rowsOf(tx, sql.raw(principalQuery.sql(userId, feed.clientId))));
    if (!who) throw notFound('not_found');
    enforceOnBehalf(who, { feature: 'calendar', right: 'calendar' });
    const since = new Date(Date.now() - FEED_PAST_DAYS * 86_400_000);
    const mine = sql`(${events.organizerId} = ${userId} OR EXISTS (SELECT 1 FROM event_members m
        WHERE m.event_id = ${events.id} AND m.user_id = ${userId} AND m.answer <> 'decline'))`;
    const roots = await tx
      .select()
      .from(events)
      .where(and(eq(events.clientId, feed.clientId), sql`${events.seriesId} IS NULL`, gt(events.lastEnd, since), mine))
      .limit(5000);
    const series = roots.filter((r) => r.rrule).map((r) => r.id);
    const moved = series.length
      ? await tx
          .select()
          .from(events)
          .where(and(eq(events.clientId, feed.clientId), or(inArray(events.seriesId, series))))
      : [];
    return icsItems(tx, [...roots, ...moved]);
  });
  return calendarText(items, { name: 'Hallway', publicUrl: platform.config.publicUrl });
}
