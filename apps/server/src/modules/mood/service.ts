// The mood meter's rules (modules §3 Mood, §7 "Mood"; portal §4 step 6, §9; docs/api.md "Mood").
import {
  MOOD_COMMENTS_SHOWN,
  MOOD_MAX,
  MOOD_MIN_ANSWERS_DEFAULT,
  MOOD_PERIOD_DAYS_MAX,
  type MoodBody,
  type MoodDto,
  type MoodSettings,
  type MoodStat,
} from '@hallway/shared/mood';
import { and, eq, sql } from 'drizzle-orm';
import { assertOwnWorkspace, authorize } from '../../platform/access/tenancy.js';
import { rowsOf } from '../../platform/db/client.js';
import { AppError, badRequest, conflict } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { mayBeAsked, mayCheck, mayReadStats } from './policy.js';
import { moodSettings, moods } from './tables.js';

/** The caller's own date now: their time zone, else the workspace's, else UTC; and whether the workspace hides the meter. */
async function today(ctx: RequestContext): Promise<{ day: string; hidden: boolean }> {
  const [row] = await rowsOf<{ day: string; hidden: boolean }>(
    ctx.db,
    sql`SELECT to_char((now() AT TIME ZONE coalesce(u.time_zone, c.settings->>'timeZone', 'UTC'))::date, 'YYYY-MM-DD') AS day,
               coalesce((c.settings->>'hideMoodMeter')::boolean, false) AS hidden
        FROM users u, clients c WHERE u.id = ${ctx.me().id} AND c.id = ${ctx.tenant()}`,
  );
  return row;
}

async function answeredOn(ctx: RequestContext, day: string): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: moods.id })
    .from(moods)
    .where(and(eq(moods.clientId, ctx.tenant()), eq(moods.userId, ctx.me().id), eq(moods.day, day)));
  return rows.length > 0;
}

/** `GET /api/mood/check/{id}`: whether the meter should ask the caller today. */
export async function check(ctx: RequestContext, userId: string): Promise<{ need: boolean }> {
  authorize(mayCheck(ctx, userId));
  if (!mayBeAsked(ctx, false)) return { need: false };
  const { day, hidden } = await today(ctx);
  if (!mayBeAsked(ctx, hidden)) return { need: false };
  return { need: !(await answeredOn(ctx, day)) };
}

/** `POST api/mood`: today's rating; a second one the same day is refused with 409 `mood_already_today`. */
export async function rate(ctx: RequestContext, body: Required<MoodBody>): Promise<MoodDto> {
  if (!mayBeAsked(ctx, false)) throw new AppError(403, 'mood_not_asked');
  const { day, hidden } = await today(ctx);
  if (!mayBeAsked(ctx, hidden)) throw new AppError(403, 'mood_not_asked');
  const [row] = await ctx.db
    .insert(moods)
    .values({ clientId: ctx.tenant(), userId: ctx.me().id, day, mood: body.mood, comment: body.comment })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict('mood_already_today');
  return { mood: row.mood, comment: row.comment, day: row.day };
}

export async function settings(ctx: RequestContext): Promise<MoodSettings> {
  const [row] = await ctx.db.select().from(moodSettings).where(eq(moodSettings.clientId, ctx.tenant()));
  return { minAnswers: row?.minAnswers ?? MOOD_MIN_ANSWERS_DEFAULT };
}

export async function saveSettings(ctx: RequestContext, body: MoodSettings): Promise<MoodSettings> {
  authorize(mayReadStats(ctx));
  await ctx.db
    .insert(moodSettings)
    .values({ clientId: ctx.tenant(), minAnswers: body.minAnswers })
    .onConflictDoUpdate({ target: moodSettings.clientId, set: { minAnswers: body.minAnswers, updated: new Date() } });
  return settings(ctx);
}

const DAY_MS = 86_400_000;
const round = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

/**
 * `GET api/mood/stat/{client}/{from}/{to}`: the period's answers of the workspace, both days included, at most two
 * weeks. A group (the period itself, a day, a department) with fewer answers than the workspace's minimum shows its
 * count only; departments below it are counted together, so no one's rating can be singled out.
 */
export async function stat(ctx: RequestContext, clientId: string, from: string, to: string): Promise<MoodStat> {
  assertOwnWorkspace(ctx, clientId);
  authorize(mayReadStats(ctx));
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (!(days >= 1 && days <= MOOD_PERIOD_DAYS_MAX)) throw badRequest('mood_period_invalid');
  const { minAnswers } = await settings(ctx);
  const shown = (count: number, average: number | null) => ({
    count,
    average: count >= minAnswers ? round(average) : null,
  });
  const period = sql`m.client_id = ${clientId} AND m.day BETWEEN ${from}::date AND ${to}::date`;

  const [total] = await rowsOf<{ count: number; people: number; average: number | null; distribution: number[] }>(
    ctx.db,
    sql`SELECT count(*)::int AS count, count(DISTINCT m.user_id)::int AS people, avg(m.mood)::float8 AS average,
               array(SELECT count(d.mood)::int FROM generate_series(1, ${MOOD_MAX}) g(v)
                     LEFT JOIN moods d ON d.mood = g.v AND d.client_id = ${clientId}
                       AND d.day BETWEEN ${from}::date AND ${to}::date
                     GROUP BY g.v ORDER BY g.v) AS distribution
        FROM moods m WHERE ${period}`,
  );
  const visible = total.count >= minAnswers;
  const trend = await rowsOf<{ day: string; count: number; average: number | null }>(
    ctx.db,
    sql`SELECT to_char(g.day, 'YYYY-MM-DD') AS day, count(m.id)::int AS count, avg(m.mood)::float8 AS average
        FROM generate_series(${from}::date, ${to}::date, interval '1 day') g(day)
        LEFT JOIN moods m ON m.client_id = ${clientId} AND m.day = g.day::date
        GROUP BY g.day ORDER BY g.day`,
  );
  const groups = await rowsOf<{ name: string; count: number; sum: number }>(
    ctx.db,
    sql`SELECT coalesce(nullif(u.department, ''), '') AS name, count(*)::int AS count, sum(m.mood)::int AS sum
        FROM moods m JOIN users u ON u.id = m.user_id WHERE ${period}
        GROUP BY 1 ORDER BY avg(m.mood) DESC, 1`,
  );
  const named = groups.filter((g) => g.name !== '' && g.count >= minAnswers);
  const rest = groups.filter((g) => g.name === '' || g.count < minAnswers);
  const restCount = rest.reduce((n, g) => n + g.count, 0);
  const comments = visible
    ? await rowsOf<{ comment: string }>(
        ctx.db,
        sql`SELECT m.comment FROM moods m WHERE ${period} AND m.comment <> ''
            ORDER BY m.day DESC, m.id DESC LIMIT ${MOOD_COMMENTS_SHOWN}`,
      )
    : [];
  return {
    from,
    to,
    minAnswers,
    count: total.count,
    people: visible ? total.people : 0,
    average: visible ? round(total.average) : null,
    distribution: visible ? total.distribution : Array.from({ length: MOOD_MAX }, () => 0),
    trend: trend.map((t) => ({ day: t.day, ...shown(t.count, t.average) })),
    departments: visible ? named.map((g) => ({ name: g.name, ...shown(g.count, g.sum / g.count) })) : [],
    others: {
      departments: rest.filter((g) => g.name !== '').length,
      ...shown(restCount, restCount ? rest.reduce((n, g) => n + g.sum, 0) / restCount : null),
    },
    comments: comments.map((c) => c.comment),
  };
}
