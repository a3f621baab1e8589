/**
 * Issue 16: the calendar's month view in a workspace of 10,000 people with 20,000 events, 5% of them periodic
 * (bench001). The baseline reads the same rows in one statement on a plain pool — single events by start, series
 * still running — with the same visibility rule, and neither expands recurrences nor presents anything.
 */
const DATA = { largeWorkspace: 10_000, events: 20_000 };

/** This month, [first day, first day of the next), in UTC. */
function month() {
  const now = new Date();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    earliest: new Date(from.getTime() - 31 * 86_400_000).toISOString(),
  };
}

const seen = (r) =>
  `(${r}.public OR ${r}.organizer_id = $2::uuid OR EXISTS (SELECT 1 FROM event_members m WHERE m.event_id = ${r}.id AND m.user_id = $2::uuid))`;

export const baselines = [
  {
    id: 'bare-sql-events-month',
    title: 'bare SQL: the visible events of a month (no expansion)',
    server: 'bare-sql',
    // The statement the server runs (modules/events/service.ts rangeRows), returning the rows directly.
    sql: `SELECT * FROM events WHERE id = ANY (ARRAY(
      SELECT e.id FROM events e WHERE e.client_id = $1::uuid AND e.rrule IS NULL AND e.series_id IS NULL
        AND e.starts_at >= $3::timestamptz AND e.starts_at < $5::timestamptz AND e.ends_at > $4::timestamptz AND ${seen('e')}
      UNION ALL
      SELECT o.id FROM events o JOIN events r ON r.id = o.series_id WHERE o.client_id = $1::uuid AND o.rrule IS NULL
        AND o.series_id IS NOT NULL AND o.starts_at >= $3::timestamptz AND o.starts_at < $5::timestamptz
        AND o.ends_at > $4::timestamptz AND ${seen('r')}
      UNION ALL
      SELECT r.id FROM events r WHERE r.client_id = $1::uuid AND r.rrule IS NOT NULL
        AND r.last_end > $4::timestamptz AND r.starts_at < $5::timestamptz AND ${seen('r')}))`,
    requests: (ctx) => {
      const [me] = ctx.people(1, { workspace: 'bench001' });
      const m = month();
      const q = [me.clientId, me.id, m.earliest, m.from, m.to].map((v) => `p=${encodeURIComponent(v)}`).join('&');
      return [{ path: `/sql/bare-sql-events-month?${q}` }];
    },
    check: (body) => body.result.length > 50,
  },
];

export const scenarios = [
  {
    id: 'events-month',
    title: 'GET /api/event/byClient/{clientId} (a month)',
    baselines: ['bare-json', 'bare-sql-events-month'],
    data: DATA,
    requests: async (ctx) => {
      const [me] = ctx.people(1, { workspace: 'bench001' });
      const m = month();
      return [
        {
          path: `/api/event/byClient/${me.clientId}?from=${encodeURIComponent(m.from)}&to=${encodeURIComponent(m.to)}`,
          headers: { authorization: `Bearer ${await ctx.signIn(me)}` },
        },
      ];
    },
    check: (body) => body.result.length > 50,
  },
];
