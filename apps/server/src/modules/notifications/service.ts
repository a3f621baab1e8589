import {
  type Lang,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_SECTIONS,
  NOTIFICATIONS_PAGE,
  type NotificationChannel,
  type NotificationDto,
  type NotificationSection,
  type NotificationSettingsBody,
  type NotificationSettingsDto,
  type UnreadCounts,
} from '@hallway/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  isNotificationCode,
  notificationCodes,
  notificationDefinition,
  notificationSections,
} from '../../platform/catalogues.js';
import { rowsOf, type Tx } from '../../platform/db/client.js';
import { AppError, forbidden, invalidFields, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import {
  actorAvatarSql,
  customTemplates,
  type EntryRow,
  presentEntry,
  recipientZone,
  templatesJson,
  templatesOf,
} from './entries.js';
import { settingsPolicy } from './policy.js';
import { notificationSettings } from './tables.js';

/** Notifications are the caller's own: another person's list, count or overrides is refused (spec portal §6). */
export function assertSelf(ctx: RequestContext, userId: string) {
  if (ctx.me().id !== userId) throw forbidden();
}

/** The caller's languages (own, the workspace's, the installation's DEFAULT_LANG) and zone (own, the workspace's). */
async function readerOf(ctx: RequestContext, defaultLang: Lang): Promise<{ langs: Lang[]; zone: string | null }> {
  const [workspace] = await rowsOf<{ lang: Lang; zone: string | null }>(
    ctx.db,
    sql`SELECT c.lang, ${recipientZone} AS zone FROM users u JOIN clients c ON c.id = u.client_id
        WHERE u.id = ${ctx.me().id} AND c.id = ${ctx.tenant()}`,
  );
  return {
    langs: [ctx.me().lang as Lang | null, workspace?.lang, defaultLang].filter((l): l is Lang => !!l),
    zone: workspace?.zone ?? null,
  };
}

/** The entry without the mail's text. */
const entryOf = ({ full: _full, ...entry }: NotificationDto & { full: string }): NotificationDto => entry;

type TemplateRows = Parameters<typeof templatesOf>[0];

const entryColumns = sql`id, code, section, link, vars, actor_id, others, read, created,
  ${actorAvatarSql(sql.raw('notifications.actor_id'))} AS actor_avatar`;

/**
 * The caller's unread entries per section. The person comes from the transaction's settings, so the statement is
 * constant: the unread route runs it as its guard's `oneRead` (one round trip), the mark-read calls through `ctx.db`.
 */
export const UNREAD_SQL = `SELECT section, count(*)::int AS n FROM notifications
  WHERE user_id = nullif(current_setting('app.user_id', true), '')::uuid AND in_center AND NOT read GROUP BY section;`;

/**
 * The counts of `UNREAD_SQL`'s rows per section the workspace has (`all`, `other`, and each section with a
 * notification of a module of the build whose feature is on): the centre shows a tab for each of them. Entries of a
 * section not shown (a module switched off since) still count in `count` and `all`.
 */
export function unreadCountsOf(
  rows: Record<string, unknown>[],
  hasFeature: RequestContext['hasFeature'],
): UnreadCounts {
  const shown = notificationSections(hasFeature);
  const sections: Record<string, number> = Object.fromEntries(
    NOTIFICATION_SECTIONS.filter((s) => s === 'all' || s === 'other' || shown.has(s)).map((s) => [s, 0]),
  );
  let count = 0;
  for (const row of rows) {
    const section = row.section as string;
    if (Object.hasOwn(sections, section)) sections[section] = Number(row.n);
    count += Number(row.n);
  }
  sections.all = count;
  return { count, sections };
}

export async function unreadCounts(ctx: RequestContext): Promise<UnreadCounts> {
  return unreadCountsOf(await rowsOf(ctx.db, sql.raw(UNREAD_SQL)), ctx.hasFeature);
}

/**
 * One page of a section, newest first, entries created before `time`; `read` filters read (1) or unread (0).
 * One statement: the first row also carries the workspace's language and templates the entries are presented with.
 */
export async function listSection(
  ctx: RequestContext,
  defaultLang: Lang,
  section: NotificationSection,
  time: string,
  read?: '0' | '1',
): Promise<{ result: NotificationDto[]; next: string | null }> {
  const before = time === 'now' ? sql`now() + interval '1 second'` : sql`${new Date(time).toISOString()}::timestamptz`;
  const clientId = ctx.tenant();
  const rows = await rowsOf<
    EntryRow & { client_lang: Lang | null; zone: string | null; templates: TemplateRows | null }
  >(
    ctx.db,
    sql`SELECT e.*, CASE WHEN row_number() OVER () = 1 THEN (SELECT lang FROM clients WHERE id = ${clientId}) END AS client_lang,
               CASE WHEN row_number() OVER () = 1 THEN (SELECT ${recipientZone} FROM users u JOIN clients c
                 ON c.id = u.client_id WHERE u.id = ${ctx.me().id}) END AS zone,
               CASE WHEN row_number() OVER () = 1 THEN ${templatesJson(clientId)} END AS templates
        FROM (SELECT ${entryColumns} FROM notifications
              WHERE user_id = ${ctx.me().id} AND in_center AND created < ${before}
                ${section === 'all' ? sql`` : sql`AND section = ${section}`}
                ${read === undefined ? sql`` : sql`AND read = ${read === '1'}`}
              ORDER BY created DESC LIMIT ${NOTIFICATIONS_PAGE + 1}) e
        ORDER BY e.created DESC`,
  );
  const head = rows.find((r) => r.templates !== null);
  const langs = [ctx.me().lang as Lang | null, head?.client_lang, defaultLang].filter((l): l is Lang => !!l);
  const custom = templatesOf(head?.templates ?? []);
  const page = rows.slice(0, NOTIFICATIONS_PAGE).map((row) => entryOf(presentEntry(row, langs, custom, head?.zone)));
  return { result: page, next: rows.length > NOTIFICATIONS_PAGE ? page.at(-1)!.created : null };
}

export async function oneEntry(ctx: RequestContext, defaultLang: Lang, id: string): Promise<NotificationDto> {
  const [row] = await rowsOf<EntryRow>(
    ctx.db,
    sql`SELECT ${entryColumns} FROM notifications WHERE id = ${id} AND user_id = ${ctx.me().id}`,
  );
  if (!row) throw notFound('notification_not_found');
  const reader = await readerOf(ctx, defaultLang);
  return entryOf(presentEntry(row, reader.langs, await customTemplates(ctx.db, ctx.tenant()), reader.zone));
}

export async function markRead(ctx: RequestContext, ids: string[]) {
  const [own] = await rowsOf<{ n: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${ctx.me().id} AND id = ANY (${`{${ids.join(',')}}`}::uuid[])`,
  );
  if (Number(own?.n) !== new Set(ids).size) throw notFound('notification_not_found');
  const rows = await rowsOf<{ id: string }>(
    ctx.db,
    sql`UPDATE notifications SET read = true
        WHERE user_id = ${ctx.me().id} AND NOT read AND id = ANY (${`{${ids.join(',')}}`}::uuid[]) RETURNING id`,
  );
  return { result: { updated: rows.length }, unread: await unreadCounts(ctx) };
}

export async function markAllRead(ctx: RequestContext, section: NotificationSection) {
  const rows = await rowsOf<{ id: string }>(
    ctx.db,
    sql`UPDATE notifications SET read = true
        WHERE user_id = ${ctx.me().id} AND in_center AND NOT read
          ${section === 'all' ? sql`` : sql`AND section = ${section}`} RETURNING id`,
  );
  return { result: { updated: rows.length }, unread: await unreadCounts(ctx) };
}

type Matrix = Record<string, NotificationChannel[]>;

async function storedMatrix(ctx: RequestContext, userId: string | null): Promise<Matrix> {
  const [row] = await ctx.db
    .select({ channels: notificationSettings.channels })
    .from(notificationSettings)
    .where(
      and(
        eq(notificationSettings.clientId, ctx.tenant()),
        userId ? eq(notificationSettings.userId, userId) : isNull(notificationSettings.userId),
      ),
    );
  return row?.channels ?? {};
}

/** The settings matrix: the workspace's defaults (`userId` null) or a person's, each row with what it falls back to. */
export async function settingsOf(ctx: RequestContext, userId: string | null): Promise<NotificationSettingsDto> {
  const workspace = await storedMatrix(ctx, null);
  const own = userId ? await storedMatrix(ctx, userId) : workspace;
  return {
    user_id: userId,
    client_id: ctx.tenant(),
    notifications: notificationCodes().map((code) => {
      const definition = notificationDefinition(code)!;
      const shipped = [...definition.channels];
      const fallback = userId ? (workspace[code] ?? shipped) : shipped;
      return {
        name: code,
        section: definition.section,
        channel: own[code] ?? fallback,
        default: fallback,
      };
    }),
  };
}

/**
 * `PUT api/user/notifications`: a person's overrides (their own only), or with `client_id` the workspace defaults
 * (administrators). Rows not named keep what they had; a row equal to its fallback still counts as chosen.
 */
export async function saveSettings(ctx: RequestContext, body: NotificationSettingsBody) {
  const me = ctx.me();
  // Another workspace's id is refused even beside the caller's own user_id, where it would otherwise go unread.
  if (body.client_id !== undefined && body.client_id !== ctx.tenant()) throw forbidden();
  const workspace = body.client_id !== undefined && body.user_id === undefined;
  if (workspace) {
    if (!settingsPolicy(ctx).workspaceDefaults) throw forbidden();
  } else if ((body.user_id ?? me.id) !== me.id) throw forbidden();
  const unknown = body.notifications.findIndex((n) => !isNotificationCode(n.name));
  if (unknown >= 0) throw invalidFields({ [`notifications.${unknown}.name`]: 'notification_code_unknown' });
  const userId = workspace ? null : me.id;
  const matrix = { ...(await storedMatrix(ctx, userId)) };
  for (const n of body.notifications) {
    matrix[n.name] = NOTIFICATION_CHANNELS.filter((c) => n.channel.includes(c));
  }
  const target = userId ? sql`(user_id) WHERE user_id IS NOT NULL` : sql`(client_id) WHERE user_id IS NULL`;
  await ctx.db.execute(
    sql`INSERT INTO notification_settings (id, client_id, user_id, channels, updated)
        VALUES (gen_random_uuid(), ${ctx.tenant()}, ${userId}, ${JSON.stringify(matrix)}::jsonb, now())
        ON CONFLICT ${target} DO UPDATE SET channels = excluded.channels, updated = now()`,
  );
  return settingsOf(ctx, userId);
}

/** Ids of people that are not employees of the workspace (for a 400 naming them). */
export async function assertColleagues(ctx: RequestContext, ids: string[]) {
  if (ids.length === 0) return;
  const rows = await rowsOf<{ id: string }>(
    ctx.db,
    sql`SELECT id FROM users WHERE client_id = ${ctx.tenant()} AND NOT deletion_mark
          AND id = ANY (${`{${ids.join(',')}}`}::uuid[])`,
  );
  if (rows.length !== new Set(ids).size)
    throw new AppError(400, 'unknown_recipients', {}, { fields: { recipients: 'unknown_recipients' } });
}

/** `PUT api/notification`: e-mails an event of the workspace to everyone it reached, once the request committed. */
export async function mailEvent(ctx: RequestContext, eventId: string) {
  const [row] = await rowsOf<{ n: number }>(
    ctx.db,
    sql`SELECT count(u.email)::int AS n FROM notification_events e
        LEFT JOIN notifications n ON n.event_id = e.id LEFT JOIN users u ON u.id = n.user_id AND NOT u.deletion_mark
        WHERE e.id = ${eventId} AND e.client_id = ${ctx.tenant()} GROUP BY e.id`,
  );
  if (!row) throw notFound('notification_not_found');
  const dispatcher = ctx.services.notificationDispatch;
  const clientId = ctx.tenant();
  if (dispatcher && row.n > 0) ctx.afterCommit(() => dispatcher.mailAgain(clientId, eventId));
  return { queued: Number(row.n) };
}

/** Each person's unread entries in the centre (the weekly digest of mailings); people with none are left out. */
export async function unreadByPerson(tx: Tx, clientId: string): Promise<Map<string, number>> {
  const rows = await rowsOf<{ user_id: string; n: number }>(
    tx,
    sql`SELECT user_id, count(*)::int AS n FROM notifications
        WHERE client_id = ${clientId} AND NOT read GROUP BY user_id`,
  );
  return new Map(rows.map((row) => [row.user_id, row.n]));
}
