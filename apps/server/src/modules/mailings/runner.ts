// The mailings' job: each minute the due mailings of every workspace are claimed (their next run moved on in the
// same transaction, so a moment runs once whatever the number of processes) and their action runs.
import type { Lang, MailingAction } from '@hallway/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf } from '../../platform/db/client.js';
import { inSystem, inTenant } from '../../platform/db/tenant.js';
import { AppError } from '../../platform/errors/app-error.js';
import { postOutbound } from '../../platform/http/outbound.js';
import type { Platform } from '../../platform/index.js';
import { unreadByPerson } from '../notifications/index.js';
import { mostLikedCompanyPosts } from '../posts/index.js';
import { bornOn, localNow } from '../users/index.js';
import { nextRun } from './schedule.js';
import { birthdayMail, digestMail } from './texts.js';

export const TICK_QUEUE = 'mailings.tick';
/** People sent to the mailing service per request. */
export const EXPORT_BATCH = 1000;
const EXPORT_TIMEOUT_MS = 15_000;

interface Workspace {
  clientId: string;
  name: string;
  lang: Lang | null;
  timeZone: string;
}
interface Person {
  id: string;
  email: string;
  name: string;
  lang: Lang | null;
}

const langsOf = (p: Platform, person: Lang | null, workspace: Lang | null): Lang =>
  person ?? workspace ?? p.config.defaultLang;

async function workspaceOf(p: Platform, clientId: string): Promise<Workspace> {
  const [row] = await inTenant(p.database, { clientId }, (tx) =>
    rowsOf<{ name: string; lang: Lang | null; zone: string | null }>(
      tx,
      sql`SELECT name, lang, settings->>'timeZone' AS zone FROM clients WHERE id = ${clientId}`,
    ),
  );
  return { clientId, name: row?.name ?? '', lang: row?.lang ?? null, timeZone: row?.zone || 'UTC' };
}

/** Greets everyone whose birthday is today (29 February counts on the 28th in other years). */
async function birthdayGreetings(p: Platform, ws: Workspace, now: Date): Promise<number> {
  const { day } = localNow(ws.timeZone, now);
  const people = await inTenant(p.database, { clientId: ws.clientId }, (tx) =>
    rowsOf<Person>(
      tx,
      sql`SELECT id, email, trim(first_name || ' ' || last_name) AS name, lang FROM users
          WHERE client_id = ${ws.clientId} AND NOT deletion_mark AND email IS NOT NULL
            AND NOT ('superadmin' = ANY (roles)) AND ${bornOn(day)}
          ORDER BY id`,
    ),
  );
  for (const person of people) {
    const mail = birthdayMail(
      langsOf(p, person.lang, ws.lang),
      { name: person.name, company: ws.name },
      p.config.publicUrl,
    );
    await p.mail.send({ clientId: ws.clientId, to: person.email, ...mail });
  }
  return people.length;
}

/**
 * One letter per person with an address: their unread notifications, and the three most liked company posts of the
 * last seven days (company posts only: everyone may read them). People with neither get no letter.
 */
async function weeklyDigest(p: Platform, ws: Workspace, now: Date): Promise<number> {
  const since = new Date(now.getTime() - 7 * 86_400_000);
  const { people, posts } = await inTenant(p.database, { clientId: ws.clientId }, async (tx) => {
    const unread = await unreadByPerson(tx, ws.clientId);
    const everyone = await rowsOf<Person>(
      tx,
      sql`SELECT u.id, u.email, trim(u.first_name || ' ' || u.last_name) AS name, u.lang
          FROM users u
          WHERE u.client_id = ${ws.clientId} AND NOT u.deletion_mark AND u.email IS NOT NULL
            AND NOT ('superadmin' = ANY (u.roles))
          ORDER BY u.id`,
    );
    return {
      people: everyone.map((person) => ({ ...person, unread: unread.get(person.id) ?? 0 })),
      posts: await mostLikedCompanyPosts(tx, ws.clientId, since, now, 3),
    };
  });
  let sent = 0;
  for (const person of people) {
    if (person.unread === 0 && posts.length === 0) continue;
    const mail = digestMail(
      langsOf(p, person.lang, ws.lang),
      { company: ws.name, unread: person.unread, posts },
      `${p.config.publicUrl}/notifications`,
    );
    await p.mail.send({ clientId: ws.clientId, to: person.email, ...mail });
    sent++;
  }
  return sent;
}

/**
 * The export to a mailing service (docs/api.md "Mailings"): the workspace's active people with an address, POSTed
 * as JSON to the configured endpoint in batches of 1,000, the key as a bearer token. A refusal stops the export.
 */
export async function exportPeople(p: Platform, clientId: string, target: { url: string; key?: string }) {
  const ws = await workspaceOf(p, clientId);
  let after = '00000000-0000-0000-0000-000000000000';
  let exported = 0;
  for (;;) {
    const people = await inTenant(p.database, { clientId }, (tx) =>
      rowsOf<{
        id: string;
        email: string;
        first_name: string;
        last_name: string;
        position: string;
        department: string;
      }>(
        tx,
        sql`SELECT id, email, first_name, last_name, position, department FROM users
            WHERE client_id = ${clientId} AND NOT deletion_mark AND email IS NOT NULL
              AND NOT ('superadmin' = ANY (roles)) AND id > ${after}
            ORDER BY id LIMIT ${EXPORT_BATCH}`,
      ),
    );
    if (people.length === 0) break;
    const body = {
      workspace: ws.name,
      people: people.map((u) => ({
        email: u.email,
        firstName: u.first_name,
        lastName: u.last_name,
        position: u.position,
        department: u.department,
      })),
    };
    try {
      await postOutbound(p.config.outboundAllow, target.url, {
        headers: target.key ? { authorization: `Bearer ${target.key}` } : {},
        body: JSON.stringify(body),
        timeoutMs: EXPORT_TIMEOUT_MS,
      });
    } catch (err) {
      // The reason is the status or a short network reason: never the service's answer.
      throw new AppError(502, 'export_failed', { reason: (err as Error).message });
    }
    exported += people.length;
    after = people.at(-1)!.id;
    if (people.length < EXPORT_BATCH) break;
  }
  return exported;
}

const ACTIONS: Record<
  MailingAction,
  (p: Platform, ws: Workspace, now: Date, target: { url: string; key?: string } | null) => Promise<number>
> = {
  birthday_greetings: (p, ws, now) => birthdayGreetings(p, ws, now),
  weekly_digest: (p, ws, now) => weeklyDigest(p, ws, now),
  people_export: (p, ws, _now, target) => {
    if (!target) throw new AppError(400, 'export_not_configured');
    return exportPeople(p, ws.clientId, target);
  },
};

interface Due {
  id: string;
  client_id: string;
  action: MailingAction;
  target: { url: string; key?: string } | null;
}

/**
 * Runs the mailings due at `now`: claims them (moving each one's next run past `now` in its workspace's zone), then
 * runs each action and records its result. Answers how many ran. Mail is at most once: a crash during a run loses
 * the rest of that run rather than sending twice.
 */
export async function runDue(p: Platform, log: FastifyBaseLogger, now = new Date()): Promise<number> {
  const due = await inSystem(p.database, async (tx) => {
    const rows = await rowsOf<Due & { schedule: string; zone: string | null }>(
      tx,
      sql`SELECT m.id, m.client_id, m.action, m.target, m.schedule, c.settings->>'timeZone' AS zone
          FROM mailings m JOIN clients c ON c.id = m.client_id
          WHERE m.next_run <= ${now} AND m.active AND c.status = 'active'
          ORDER BY m.next_run LIMIT 100 FOR UPDATE OF m SKIP LOCKED`,
    );
    for (const row of rows) {
      const next = nextRun(row.schedule, row.zone || 'UTC', now);
      await tx.execute(sql`UPDATE mailings SET next_run = ${next} WHERE id = ${row.id}`);
    }
    return rows;
  });
  for (const mailing of due) {
    let result: { ok: boolean; count: number; error?: string };
    try {
      const ws = await workspaceOf(p, mailing.client_id);
      result = { ok: true, count: await ACTIONS[mailing.action](p, ws, now, mailing.target) };
    } catch (err) {
      const reason = err instanceof AppError ? String(err.params.reason ?? err.code) : (err as Error).message;
      result = { ok: false, count: 0, error: reason };
      log.warn({ err, mailing: mailing.id }, 'mailing run failed');
    }
    await inTenant(p.database, { clientId: mailing.client_id }, (tx) =>
      tx.execute(sql`UPDATE mailings SET last_run = ${now}, last_result = ${JSON.stringify(result)}::jsonb
                     WHERE id = ${mailing.id}`),
    );
  }
  return due.length;
}

/** Starts the minute job in a process that runs jobs. */
export async function startMailings(p: Platform, log: FastifyBaseLogger): Promise<void> {
  if (!p.config.jobs) return;
  await p.jobs.work(TICK_QUEUE, async () => {
    await runDue(p, log);
  });
  await p.jobs.schedule(TICK_QUEUE, '* * * * *');
}
