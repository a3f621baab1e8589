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
import { eq, sql } from 'drizzle-orm';
import { assertOwnWorkspace, authorize } from '../../platform/access/tenancy.js';
import { rowsOf } from '../../platform/db/client.js';
import { AppError, badRequest, conflict } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { mayBeAsked, mayCheck, mayReadStats } from './policy.js';
import { moodSettings, moods } from './tables.js';

/**
 * The caller's own date now (their time zone, else the workspace's, else UTC), whether the workspace hides the meter,
 * and whether they answered today: one statement.
 */
async function today(ctx: RequestContext): Promise<{ day: string; hidden: boolean; answered: boolean }> {
  const [row] = await rowsOf<{ day: string; hidden: boolean; answered: boolean }>(
    ctx.db,
    sql`SELECT to_char(t.day, 'YYYY-MM-DD') AS day, t.hidden,
               EXISTS (SELECT 1 FROM moods m WHERE m.client_id = ${ctx.tenant()} AND m.user_id = ${ctx.me().id}
                         AND m.day = t.day) AS answered
        FROM (SELECT (now() AT TIME ZONE coalesce(u.time_zone, c.settings->>'timeZone', 'UTC'))::date AS day,
                     coalesce((c.settings->>'hideMoodMeter')::boolean, false) AS hidden
              FROM users u, clients c WHERE u.id = ${ctx.me().id} AND c.id = ${ctx.tenant()}) t`,
  );
  return row;
}

/** `GET /api/mood/check/{id}`: whether the meter should ask the caller today. */
export async function check(ctx: RequestContext, userId: string): Promise<{ need: boolean }> {
  authorize(mayCheck(ctx, userId));
  if (!mayBeAsked(ctx, false)) return { need: false };
  const { hidden, answered } = await today(ctx);
  return { need: mayBeAsked(ctx, hidden) && !answered };
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

  // One pass over the period's answers: the whole period, each day, each mood and each department at once (no
  // DISTINCT there: it would sort every set); how many people answered is a second, plain count.
  const sets = await rowsOf<{
    by: 'all' | 'day' | 'mood' | 'department';
    day: string | null;
    mood: number | null;
    name: string | null;
    count: number;
    sum: number;
  }>(
    ctx.db,
    sql`SELECT CASE WHEN grouping(m.day) = 0 THEN 'day' WHEN grouping(m.mood) = 0 THEN 'mood'
                    WHEN grouping(u.department) = 0 THEN 'department' ELSE 'all' END AS by,
               to_char(m.day, 'YYYY-MM-DD') AS day, m.mood, u.department AS name,
               count(*)::int AS count, sum(m.mood)::int AS sum
        FROM moods m JOIN users u ON u.id = m.user_id
        WHERE ${period}
        GROUP BY GROUPING SETS ((), (m.day), (m.mood), (u.department))`,
  );
  const [{ people }] = await rowsOf<{ people: number }>(
    ctx.db,
    sql`SELECT count(DISTINCT m.user_id)::int AS people FROM moods m WHERE ${period}`,
  );
  const total = sets.find((r) => r.by === 'all') ?? { count: 0, sum: 0 };
  const visible = total.count >= minAnswers;
  const byDay = new Map(sets.filter((r) => r.by === 'day').map((r) => [r.day, r]));
  const byMood = new Map(sets.filter((r) => r.by === 'mood').map((r) => [r.mood, r.count]));
  const trend = Array.from({ length: days }, (_, i) => {
    const day = new Date(Date.parse(from) + i * DAY_MS).toISOString().slice(0, 10);
    const row = byDay.get(day);
    return { day, count: row?.count ?? 0, average: row ? row.sum / row.count : null };
  });
  const groups = sets
    .filter((r) => r.by === 'department')
    .map((r) => ({ name: r.name ?? '', count: r.count, sum: r.sum }))
    .sort((a, b) => b.sum / b.count - a.sum / a.count || a.name.localeCompare(b.name));
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
    people: visible ? people : 0,
    average: visible ? round(total.sum / total.count) : null,
    distribution: Array.from({ length: MOOD_MAX }, (_, i) => (visible ? (byMood.get(i + 1) ?? 0) : 0)),
    trend: trend.map((t) => ({ day: t.day, ...shown(t.count, t.average) })),
    departments: visible ? named.map((g) => ({ name: g.name, ...shown(g.count, g.sum / g.count) })) : [],
    others: {
      departments: rest.filter((g) => g.name !== '').length,
      ...shown(restCount, restCount ? rest.reduce((n, g) => n + g.sum, 0) / restCount : null),
    },
    comments: comments.map((c) => c.comment),
  };
}
