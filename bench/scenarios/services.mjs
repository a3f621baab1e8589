/**
 * Issue 30: the table of a service with 50,000 requests (bench001), as its owners read it: the running requests
 * started in a window of four months, newest first, a page of 50, through `GET /api/bp/runned/{user}?bp=…`; next to
 * bare SQL of the same query on a plain pool (the page with the service's name, the current step and the requester,
 * and the count).
 */

const data = { serviceRequests: 50_000 };

/** The generator's service, and the owners it samples. */
function published(ctx) {
  const services = ctx.manifest.published?.services;
  if (!services) throw new Error('The services generator published no service: run with --service-requests');
  return services;
}

/** Four months ending a month ago: about 11,000 of 50,000 requests started then, a third of them running. */
function window() {
  const day = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  return { from: day(150), to: day(30) };
}

const owners = (ctx) => {
  const { owners: ids, workspace } = published(ctx);
  return ctx.people(20, { workspace }).filter((p) => ids.includes(p.id));
};

const WHERE = `r.client_id = $1 AND r.service_id = $2::uuid AND r.status = 'active'
  AND r.created >= $3::date::timestamptz AND r.created < ($4::date + 1)::timestamptz`;

export const baselines = [
  {
    id: 'bare-sql-services-table',
    title: 'bare SQL: 50 of a service’s running requests of four months (of 50,000), with their step, and the count',
    server: 'bare-sql',
    sql: [
      { sql: `SELECT count(*)::int FROM service_requests r WHERE ${WHERE}`, params: [0, 1, 2, 3] },
      {
        sql: `SELECT r.*, s.name AS service_name,
                (SELECT jsonb_build_object('id', st.id, 'name', st.name, 'position', st.position, 'review', st.review)
                   FROM service_request_steps st WHERE st.id = r.current_step_id) AS current,
                json_build_object('_id', u.id, 'name', u.first_name || ' ' || u.last_name, 'pics', u.pics) AS requester
              FROM service_requests r LEFT JOIN services s ON s.id = r.service_id JOIN users u ON u.id = r.requester_id
              WHERE ${WHERE} ORDER BY r.created DESC, r.id DESC LIMIT 50`,
        params: [0, 1, 2, 3],
      },
    ],
    requests: (ctx) => {
      const { clientId, service } = published(ctx);
      const { from, to } = window();
      return [{ path: `/sql/bare-sql-services-table?p=${clientId}&p=${service}&p=${from}&p=${to}` }];
    },
    check: (body) => body.result.length === 50,
  },
];

export const scenarios = [
  {
    id: 'services-table',
    title: 'GET /api/bp/runned/{user}?bp=&status=active&from=&to=: a service’s table of 50,000 requests, a page of 50',
    baselines: ['bare-json', 'bare-sql-services-table'],
    data,
    requests: async (ctx) => {
      const { service } = published(ctx);
      const { from, to } = window();
      return Promise.all(
        owners(ctx).map(async (p) => ({
          path: `/api/bp/runned/${p.id}?bp=${service}&status=active&from=${from}&to=${to}&limit=50`,
          headers: { authorization: `Bearer ${await ctx.signIn(p)}` },
        })),
      );
    },
    check: (body) => body.result.length === 50 && body.total > 1000 && body.can.table === true,
  },
];
