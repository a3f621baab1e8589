// Reminders (portal §9 "when under 10 minutes remain"): a job every minute finds the occurrences whose reminder is
// due for each member, records each (event, occurrence, person, offset) under a unique key and notifies the people
// whose row it inserted — so two processes running the job at once send each reminder once.
import { EventEmitter } from 'node:events';
import { EVENT_REMINDER_GRACE_MINUTES, EVENT_REMINDER_MAX_MINUTES } from '@hallway/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Tx } from '../../platform/db/client.js';
import { inSystem, inTenant } from '../../platform/db/tenant.js';
import { createContext } from '../../platform/http/context.js';
import type { ModuleServices } from '../../platform/http/module.js';
import type { Platform } from '../../platform/index.js';
import { startPeriodic } from '../../platform/jobs/periodic.js';
import { instantMoment } from '../../platform/notify/moments.js';
import { notify } from '../../platform/notify/notify.js';
import { occurrencesBetween } from './recurrence.js';
import type { EventRow } from './tables.js';

export const REMIND_QUEUE = 'events.remind';
const MINUTE = 60_000;

interface Due {
  clientId: string;
  eventId: string;
  name: string;
  link: string;
  occurrence: number;
  timeZone: string;
  userId: string;
  minutes: number;
}

/** What tests wait for: `sent` with the number of reminders this process sent in a run. */
export const reminderEvents = new EventEmitter();

interface Candidate {
  id: string;
  client_id: string;
  series_id: string | null;
  name: string;
  starts_at: string | Date;
  ends_at: string | Date;
  time_zone: string;
  rrule: string | null;
  repeat: EventRow['repeat'];
  exdates: (string | Date)[] | string;
}
interface Member {
  event_id: string;
  user_id: string;
  reminders: number[];
}

const instant = (value: string | Date) => new Date(value).getTime();
const parseDates = (value: Candidate['exdates']): number[] => {
  if (Array.isArray(value)) return value.map(instant);
  // A timestamptz[] may arrive as its text form from a raw query.
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean)
    .map((v) => Date.parse(v.replace(/"/g, '')));
};

/** Reminders due at `now`: occurrences starting within the longest offset ahead, for members not declining. */
async function dueReminders(tx: Tx, now: number): Promise<Due[]> {
  const horizon = new Date(now + EVENT_REMINDER_MAX_MINUTES * MINUTE).toISOString();
  const floor = new Date(now - EVENT_REMINDER_GRACE_MINUTES * MINUTE).toISOString();
  const candidates = await rowsOf<Candidate>(
    tx,
    sql`SELECT id, client_id, series_id, name, starts_at, ends_at, time_zone, rrule, repeat, exdates FROM events
        WHERE rrule IS NULL AND starts_at > ${floor} AND starts_at <= ${horizon}
        UNION ALL
        SELECT id, client_id, series_id, name, starts_at, ends_at, time_zone, rrule, repeat, exdates FROM events
        WHERE rrule IS NOT NULL AND last_end > ${floor} AND starts_at <= ${horizon}`,
  );
  if (!candidates.length) return [];
  const roots = [...new Set(candidates.map((c) => c.series_id ?? c.id))];
  const members = await rowsOf<Member>(
    tx,
    sql`SELECT event_id, user_id, reminders FROM event_members
        WHERE event_id = ANY (${`{${roots.join(',')}}`}::uuid[]) AND answer <> 'decline' AND cardinality(reminders) > 0`,
  );
  const byRoot = new Map<string, Member[]>();
  for (const m of members) byRoot.set(m.event_id, [...(byRoot.get(m.event_id) ?? []), m]);
  const due: Due[] = [];
  for (const c of candidates) {
    const people = byRoot.get(c.series_id ?? c.id);
    if (!people) continue;
    const starts = c.rrule
      ? occurrencesBetween(
          { start: instant(c.starts_at), end: instant(c.ends_at), timeZone: c.time_zone, repeat: c.repeat! },
          now - EVENT_REMINDER_GRACE_MINUTES * MINUTE,
          now + EVENT_REMINDER_MAX_MINUTES * MINUTE,
          parseDates(c.exdates),
        )
          .map((o) => o.start)
          .filter((start) => start > now - EVENT_REMINDER_GRACE_MINUTES * MINUTE)
      : [instant(c.starts_at)];
    for (const start of starts) {
      for (const person of people) {
        for (const minutes of person.reminders) {
          // Due once under `minutes` remain; skipped when more than the grace late (the process was down).
          const at = start - minutes * MINUTE;
          if (at > now || at <= now - EVENT_REMINDER_GRACE_MINUTES * MINUTE) continue;
          due.push({
            clientId: c.client_id,
            eventId: c.id,
            name: c.name,
            link: `/calendar/?event=${c.series_id ?? c.id}`,
            occurrence: start,
            timeZone: c.time_zone,
            userId: person.user_id,
            minutes,
          });
        }
      }
    }
  }
  return due;
}

/**
 * One run of the reminder job: the due reminders, then per workspace one transaction that inserts the `sent` rows
 * (the unique key refuses a row another process inserted) and notifies the people whose rows it inserted.
 */
export async function sendReminders(
  platform: Platform,
  services: Partial<ModuleServices>,
  log: FastifyBaseLogger,
  now = Date.now(),
): Promise<number> {
  const due = await inSystem(platform.database, (tx) => dueReminders(tx, now));
  const byClient = new Map<string, Due[]>();
  for (const d of due) byClient.set(d.clientId, [...(byClient.get(d.clientId) ?? []), d]);
  let sent = 0;
  for (const [clientId, list] of byClient) {
    const after: (() => unknown)[] = [];
    await inTenant(platform.database, { clientId }, async (tx) => {
      const rows = JSON.stringify(
        list.map((d) => ({ e: d.eventId, o: new Date(d.occurrence).toISOString(), u: d.userId, m: d.minutes })),
      );
      const inserted = await rowsOf<{ event_id: string; occurrence: string | Date; user_id: string; minutes: number }>(
        tx,
        sql`INSERT INTO event_reminders_sent (client_id, event_id, occurrence, user_id, minutes)
            SELECT ${clientId}, r.e, r.o, r.u, r.m FROM jsonb_to_recordset(${rows}::jsonb) AS r(e uuid, o timestamptz, u uuid, m int)
            ON CONFLICT DO NOTHING
            RETURNING event_id, occurrence, user_id, minutes`,
      );
      if (!inserted.length) return;
      const ctx = createContext({
        db: tx,
        user: null,
        client: { id: clientId, workspace: '', status: 'active', features: [] },
        log,
        afterCommit: (task) => after.push(task),
        services,
      });
      const groups = new Map<string, { due: Due; people: string[] }>();
      for (const row of inserted) {
        const occurrence = instant(row.occurrence);
        const d = list.find(
          (x) => x.eventId === row.event_id && x.occurrence === occurrence && x.userId === row.user_id,
        )!;
        const key = `${d.eventId}/${occurrence}/${d.minutes}`;
        const group = groups.get(key) ?? { due: d, people: [] };
        group.people.push(row.user_id);
        groups.set(key, group);
      }
      for (const { due: d, people } of groups.values()) {
        await notify(ctx, {
          code: 'events.reminder',
          recipients: people,
          vars: {
            name: d.name,
            time: instantMoment(d.occurrence, d.timeZone, true),
            minutes: Math.max(0, Math.round((d.occurrence - now) / MINUTE)),
          },
          link: d.link,
        });
      }
      sent += inserted.length;
    });
    for (const task of after) await task();
  }
  log.info({ due: due.length, sent }, 'events.remind pass');
  reminderEvents.emit('sent', sent);
  return sent;
}

/** Starts the reminder job in a process that runs jobs. */
export async function startReminders(
  platform: Platform,
  services: Partial<ModuleServices>,
  log: FastifyBaseLogger,
): Promise<void> {
  // Reminders that fell due while no process ran (a deploy) go out at start rather than at the next minute's job.
  await startPeriodic(platform, log, {
    queue: REMIND_QUEUE,
    cron: '* * * * *',
    pass: () => sendReminders(platform, services, log),
  });
}
