// Learning analytics (portal §2 /courses/analytics, modules §3 "analyticsData", §7 "GET api/courses/analytics";
// docs/api.md "Learning" → "Tests and analytics"): the managers' view of the workspace's courses, every figure an
// aggregate of the database (one statement a block, no query per row), and the same as an xlsx workbook.
import type { AnalyticsDto, AnalyticsQuery } from '@hallway/shared/learning';
import { type SQL, sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { assertOwnWorkspace } from '../../platform/access/tenancy.js';
import { rowsOf } from '../../platform/db/client.js';
import { forbidden, notFound } from '../../platform/errors/app-error.js';
import { exportRow, loadExcel } from '../../platform/files/sheet-cells.js';
import type { RequestContext } from '../../platform/http/context.js';
import { isWorkspacePerson, personCardSql } from '../users/index.js';
import { policyOf } from './access.js';
import { isoOrNull } from './present.js';

export const HARDEST_MIN_ANSWERS = 3;
export const HARDEST_MAX = 10;
export const OVERDUE_MAX = 50;
export const ANALYTICS_MONTHS = 12;

const num = (v: unknown): number => Number(v ?? 0);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Math.round(Number(v)));
const day = (v: unknown): string =>
  typeof v === 'string' ? v.slice(0, 10) : new Date(v as Date).toISOString().slice(0, 10);

/**
 * `GET api/courses/analytics/{client_id}`: the managers' figures (403 for anybody else). `course_id` narrows every
 * block to one course; `user_id` adds that person's courses.
 */
export async function analytics(ctx: RequestContext, clientId: string, query: AnalyticsQuery): Promise<AnalyticsDto> {
  assertOwnWorkspace(ctx, clientId);
  if (!(await policyOf(ctx)).analytics) throw forbidden();
  const tenant = ctx.tenant();
  if (query.course_id) {
    const [found] = await rowsOf<{ id: string }>(
      ctx.db,
      sql`SELECT id FROM courses WHERE client_id = ${tenant} AND id = ${query.course_id}`,
    );
    if (!found) throw notFound('course_not_found');
  }
  if (query.user_id && !(await isWorkspacePerson(ctx, query.user_id))) throw notFound('user_not_found');
  const onCourse = (column: SQL) => (query.course_id ? sql`AND ${column} = ${query.course_id}` : sql``);

  // Each member's best finished score of each test: the base of every mean score.
  const bests = sql`SELECT a.course_id, a.user_id, a.test_id, max(a.score) AS best FROM test_attempts a
    WHERE a.client_id = ${tenant} AND a.finished IS NOT NULL ${onCourse(sql`a.course_id`)}
    GROUP BY a.course_id, a.user_id, a.test_id`;

  // Each course with its members by status and the sums the totals are made of (one pass over the members).
  const courses = await rowsOf<Record<string, unknown>>(
    ctx.db,
    sql`SELECT c.id, c.title, c.status,
        COALESCE(m.members, 0) AS members, COALESCE(m.not_started, 0) AS not_started,
        COALESCE(m.started, 0) AS started, COALESCE(m.learned, 0) AS learned, COALESCE(m.overdue, 0) AS overdue,
        m.sum_seconds, m.active, s.sum_best, s.bests
      FROM courses c
      LEFT JOIN (
        SELECT course_id, count(*)::int AS members,
          count(*) FILTER (WHERE status = 'not_started')::int AS not_started,
          count(*) FILTER (WHERE status = 'started')::int AS started,
          count(*) FILTER (WHERE status = 'learned')::int AS learned,
          count(*) FILTER (WHERE due < current_date AND status <> 'learned')::int AS overdue,
          sum(seconds) FILTER (WHERE status <> 'not_started')::bigint AS sum_seconds,
          count(*) FILTER (WHERE status <> 'not_started')::int AS active
        FROM course_members WHERE client_id = ${tenant} ${onCourse(sql`course_id`)} GROUP BY course_id
      ) m ON m.course_id = c.id
      LEFT JOIN (SELECT course_id, sum(best)::bigint AS sum_best, count(*)::int AS bests FROM (${bests}) b
        GROUP BY course_id) s ON s.course_id = c.id
      WHERE c.client_id = ${tenant} ${onCourse(sql`c.id`)}
      ORDER BY COALESCE(m.members, 0) DESC, c.title, c.id`,
  );
  const sum = (key: string) => courses.reduce((total, r) => total + num(r[key]), 0);
  const mean = (sumKey: string, countKey: string, rows: Record<string, unknown>[]) => {
    const count = rows.reduce((total, r) => total + num(r[countKey]), 0);
    return count ? Math.round(rows.reduce((total, r) => total + num(r[sumKey]), 0) / count) : null;
  };

  // The questions answered wrong most often, over finished attempts (`correct` is set when an attempt finishes):
  // counted per question first, then the ten named.
  const hardest = await rowsOf<Record<string, unknown>>(
    ctx.db,
    sql`SELECT t.course_id, t.id AS test_id, t.title AS test, q.id AS question_id, q.text AS question,
        h.answered, h.wrong
      FROM (
        SELECT aa.question_id, count(*)::int AS answered, count(*) FILTER (WHERE NOT aa.correct)::int AS wrong
        FROM attempt_answers aa
        WHERE aa.client_id = ${tenant} AND aa.correct IS NOT NULL ${
          query.course_id
            ? sql`AND aa.question_id IN (SELECT q.id FROM test_questions q JOIN course_tests t
                ON t.client_id = q.client_id AND t.id = q.test_id
                WHERE q.client_id = ${tenant} AND t.course_id = ${query.course_id})`
            : sql``
        }
        GROUP BY aa.question_id
        HAVING count(*) >= ${HARDEST_MIN_ANSWERS}
        ORDER BY count(*) FILTER (WHERE NOT aa.correct)::float / count(*) DESC,
          count(*) FILTER (WHERE NOT aa.correct) DESC, aa.question_id
        LIMIT ${HARDEST_MAX}
      ) h
      JOIN test_questions q ON q.client_id = ${tenant} AND q.id = h.question_id
      JOIN course_tests t ON t.client_id = q.client_id AND t.id = q.test_id
      ORDER BY h.wrong::float / h.answered DESC, h.wrong DESC, h.question_id`,
  );

  const overdue = await rowsOf<Record<string, unknown>>(
    ctx.db,
    sql`SELECT ${personCardSql(sql`m.user_id`)} AS person, m.course_id, c.title AS course, m.due
      FROM course_members m
      JOIN courses c ON c.client_id = m.client_id AND c.id = m.course_id
      JOIN users u ON u.id = m.user_id AND NOT u.deletion_mark
      WHERE m.client_id = ${tenant} AND m.due < current_date AND m.status <> 'learned' ${onCourse(sql`m.course_id`)}
      ORDER BY m.due, c.title, u.last_name, u.first_name, m.user_id
      LIMIT ${OVERDUE_MAX}`,
  );

  // Starts and completions by month: one pass over the members, each giving its start and its completion.
  const months = await rowsOf<Record<string, unknown>>(
    ctx.db,
    sql`WITH span AS (SELECT date_trunc('month', now()) - interval '${sql.raw(String(ANALYTICS_MONTHS - 1))} months' AS since),
      moments AS (
        SELECT date_trunc('month', v.at) AS mo, v.learned
        FROM course_members m CROSS JOIN span
        CROSS JOIN LATERAL (VALUES (m.started_at, 0), (m.learned_at, 1)) AS v(at, learned)
        WHERE m.client_id = ${tenant} ${onCourse(sql`m.course_id`)}
          AND (m.started_at >= span.since OR m.learned_at >= span.since) AND v.at >= span.since
      )
      SELECT to_char(g.mo, 'YYYY-MM') AS month,
        count(x.mo) FILTER (WHERE x.learned = 1)::int AS learned, count(x.mo) FILTER (WHERE x.learned = 0)::int AS started
      FROM span CROSS JOIN generate_series(span.since, date_trunc('month', now()), interval '1 month') AS g(mo)
      LEFT JOIN moments x ON x.mo = g.mo
      GROUP BY g.mo ORDER BY g.mo`,
  );

  let person: AnalyticsDto['person'] = null;
  if (query.user_id) {
    const [card] = await rowsOf<{ card: AnalyticsDto['overdue'][number]['person'] }>(
      ctx.db,
      sql`SELECT ${personCardSql(sql`${query.user_id}::uuid`)} AS card`,
    );
    const rows = await rowsOf<Record<string, unknown>>(
      ctx.db,
      sql`SELECT c.id, c.title, m.status, m.percent, m.due, m.seconds, m.learned_at,
          (m.due < current_date AND m.status <> 'learned') AS overdue,
          (SELECT round(avg(b.best))::int FROM (${bests}) b WHERE b.course_id = c.id AND b.user_id = m.user_id) AS best_score
        FROM course_members m JOIN courses c ON c.client_id = m.client_id AND c.id = m.course_id
        WHERE m.client_id = ${tenant} AND m.user_id = ${query.user_id} ${onCourse(sql`m.course_id`)}
        ORDER BY m.assigned DESC, c.id`,
    );
    person = {
      person: card.card,
      courses: rows.map((r) => ({
        _id: String(r.id),
        title: String(r.title),
        status: r.status as 'not_started' | 'started' | 'learned',
        percent: num(r.percent),
        due: r.due ? day(r.due) : null,
        overdue: !!r.overdue,
        best_score: numOrNull(r.best_score),
        seconds: num(r.seconds),
        learned_at: isoOrNull(r.learned_at as Date | string | null),
      })),
    };
  }

  return {
    totals: {
      courses: courses.length,
      members: sum('members'),
      started: sum('started'),
      learned: sum('learned'),
      overdue: sum('overdue'),
      avg_score: mean('sum_best', 'bests', courses),
      avg_seconds: mean('sum_seconds', 'active', courses),
    },
    courses: courses.map((r) => ({
      _id: String(r.id),
      title: String(r.title),
      status: r.status as AnalyticsDto['courses'][number]['status'],
      members: num(r.members),
      not_started: num(r.not_started),
      started: num(r.started),
      learned: num(r.learned),
      overdue: num(r.overdue),
      avg_score: mean('sum_best', 'bests', [r]),
      avg_seconds: mean('sum_seconds', 'active', [r]),
    })),
    hardest: hardest.map((r) => ({
      course_id: String(r.course_id),
      test_id: String(r.test_id),
      test: String(r.test),
      question_id: String(r.question_id),
      question: String(r.question),
      answered: num(r.answered),
      wrong: num(r.wrong),
    })),
    overdue: overdue.map((r) => ({
      person: r.person as AnalyticsDto['overdue'][number]['person'],
      course_id: String(r.course_id),
      course: String(r.course),
      due: day(r.due),
    })),
    months: months.map((r) => ({ month: String(r.month), learned: num(r.learned), started: num(r.started) })),
    person,
  };
}

/** A sheet with a bold, frozen header row and one row a record (cells made safe for spreadsheets). */
function addSheet(
  book: ExcelJS.Workbook,
  name: string,
  columns: { header: string; key: string; width: number }[],
  rows: Record<string, unknown>[],
) {
  const sheet = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(exportRow(row));
}

/** The analytics as an xlsx workbook: sheets Courses, Overdue, Hardest questions (and Person with `user_id`). */
export async function analyticsWorkbook(data: AnalyticsDto): Promise<Buffer> {
  const Excel = await loadExcel();
  const book = new Excel.Workbook();
  book.creator = 'Hallway';
  addSheet(
    book,
    'Courses',
    [
      { header: 'Course', key: 'title', width: 40 },
      { header: 'Status', key: 'status', width: 12 },
      { header: 'Members', key: 'members', width: 10 },
      { header: 'Not started', key: 'not_started', width: 12 },
      { header: 'Started', key: 'started', width: 10 },
      { header: 'Learned', key: 'learned', width: 10 },
      { header: 'Overdue', key: 'overdue', width: 10 },
      { header: 'Mean score, %', key: 'avg_score', width: 14 },
      { header: 'Mean minutes', key: 'avg_minutes', width: 14 },
    ],
    data.courses.map((c) => ({
      ...c,
      avg_score: c.avg_score ?? '',
      avg_minutes: c.avg_seconds === null ? '' : Math.round(c.avg_seconds / 60),
    })),
  );
  addSheet(
    book,
    'Overdue',
    [
      { header: 'Person', key: 'person', width: 30 },
      { header: 'Position', key: 'position', width: 24 },
      { header: 'Course', key: 'course', width: 40 },
      { header: 'Due', key: 'due', width: 12 },
    ],
    data.overdue.map((o) => ({ person: o.person.name, position: o.person.position, course: o.course, due: o.due })),
  );
  addSheet(
    book,
    'Hardest questions',
    [
      { header: 'Question', key: 'question', width: 50 },
      { header: 'Test', key: 'test', width: 30 },
      { header: 'Answered', key: 'answered', width: 10 },
      { header: 'Wrong', key: 'wrong', width: 10 },
      { header: 'Wrong, %', key: 'rate', width: 10 },
    ],
    data.hardest.map((q) => ({
      question: q.question,
      test: q.test,
      answered: q.answered,
      wrong: q.wrong,
      rate: q.answered ? Math.round((100 * q.wrong) / q.answered) : 0,
    })),
  );
  if (data.person) {
    addSheet(
      book,
      'Person',
      [
        { header: 'Course', key: 'title', width: 40 },
        { header: 'Status', key: 'status', width: 12 },
        { header: 'Progress, %', key: 'percent', width: 12 },
        { header: 'Due', key: 'due', width: 12 },
        { header: 'Overdue', key: 'overdue', width: 10 },
        { header: 'Best score, %', key: 'best_score', width: 14 },
        { header: 'Minutes', key: 'minutes', width: 10 },
        { header: 'Learned', key: 'learned_at', width: 22 },
      ],
      data.person.courses.map((c) => ({
        title: c.title,
        status: c.status,
        percent: c.percent,
        due: c.due ?? '',
        overdue: c.overdue ? 'yes' : '',
        best_score: c.best_score ?? '',
        minutes: Math.round(c.seconds / 60),
        learned_at: c.learned_at ?? '',
      })),
    );
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
