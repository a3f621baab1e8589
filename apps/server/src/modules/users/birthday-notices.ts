// "A colleague's birthday today" (issue 13): once a day per workspace, from 09:00 in its time zone, everyone is told
// whose birthday it is. The day's row in `birthday_notices` is inserted in the notification's transaction, so with
// any number of processes and passes a workspace hears it once a day.
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf } from '../../platform/db/client.js';
import { inSystem, inTenant } from '../../platform/db/tenant.js';
import { createContext } from '../../platform/http/context.js';
import type { ModuleServices } from '../../platform/http/module.js';
import type { Platform } from '../../platform/index.js';
import { notify } from '../../platform/notify/notify.js';

const QUEUE = 'users.birthday_notices';
/** The local hour from which the day's notification goes. */
export const NOTICE_HOUR = 9;
/** Names in the notification; the rest are counted (`{count}` is everyone's). */
const NAMES_SHOWN = 3;

/** The local date (YYYY-MM-DD) and hour of `now` in `timeZone`. */
export function localNow(timeZone: string, now: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** A condition on `users` (its columns unqualified): born on `day`'s month and day; 29 February counts on the 28th outside leap years. */
export function bornOn(day: string): SQL {
  const [year, month, date] = day.split('-').map(Number);
  const leap = new Date(Date.UTC(year, 1, 29)).getUTCMonth() === 1;
  return sql`birth_date IS NOT NULL
    AND ((extract(month FROM birth_date) = ${month} AND extract(day FROM birth_date) = ${date})
      ${!leap && month === 2 && date === 28 ? sql`OR (extract(month FROM birth_date) = 2 AND extract(day FROM birth_date) = 29)` : sql``})`;
}

/**
 * One pass: every active workspace with notifications on whose local time is past 09:00 and which has not had
 * today's notification gets it (when anybody has a birthday). Answers how many workspaces were told.
 */
export async function sendBirthdayNotices(
  platform: Platform,
  services: Partial<ModuleServices>,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<number> {
  const workspaces = await inSystem(platform.database, (tx) =>
    rowsOf<{ id: string; zone: string | null }>(
      tx,
      sql`SELECT c.id, c.settings->>'timeZone' AS zone FROM clients c
          WHERE c.status = 'active' AND EXISTS (SELECT 1 FROM jsonb_array_elements(c.features) f
                WHERE f->>'code' = 'notifications' AND (f->>'active')::boolean)`,
    ),
  );
  let told = 0;
  for (const ws of workspaces) {
    const { day, hour } = localNow(ws.zone || 'UTC', now);
    if (hour < NOTICE_HOUR) continue;
    const after: (() => unknown)[] = [];
    const sent = await inTenant(platform.database, { clientId: ws.id }, async (tx) => {
      const [claimed] = await rowsOf<{ day: string }>(
        tx,
        sql`INSERT INTO birthday_notices (client_id, day) VALUES (${ws.id}, ${day}) ON CONFLICT DO NOTHING RETURNING day`,
      );
      if (!claimed) return false;
      const people = await rowsOf<{ name: string }>(
        tx,
        sql`SELECT trim(first_name || ' ' || last_name) AS name FROM users
            WHERE client_id = ${ws.id} AND NOT deletion_mark AND NOT ('superadmin' = ANY (roles)) AND ${bornOn(day)}
            ORDER BY last_name, first_name`,
      );
      if (!people.length) return false;
      const ctx = createContext({
        db: tx,
        user: null,
        client: { id: ws.id, workspace: '', status: 'active', features: [] },
        log,
        afterCommit: (task) => after.push(task),
        services,
      });
      const shown = people.slice(0, NAMES_SHOWN).map((p) => p.name);
      await notify(ctx, {
        code: 'users.birthday_today',
        recipients: 'everyone',
        vars: { names: `${shown.join(', ')}${people.length > shown.length ? ' …' : ''}`, count: people.length },
        link: '/birthdays/',
      });
      return true;
    });
    for (const task of after) await task();
    if (sent) told++;
  }
  return told;
}

/** Starts the hourly pass (and one now, for a process that starts after 09:00) in a process that runs jobs. */
export async function startBirthdayNotices(
  platform: Platform,
  services: Partial<ModuleServices>,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!platform.config.jobs) return;
  await platform.jobs.work(QUEUE, async () => {
    await sendBirthdayNotices(platform, services, log);
  });
  await platform.jobs.schedule(QUEUE, '5 * * * *');
  await sendBirthdayNotices(platform, services, log).catch((err) => log.error({ err }, 'birthday notices failed'));
}
