/**
 * Issue 13: the notification centre. The unread count is asked by every open tab at start and after reconnects;
 * the centre page is the list behind the bell. Baselines do the same reads in one statement on a plain pool.
 */

const UNREAD = `SELECT section, count(*)::int AS n FROM notifications
  WHERE user_id = $1::uuid AND in_center AND NOT read GROUP BY section`;

export const baselines = [
  {
    id: 'bare-sql-notification-unread',
    title: 'bare SQL: unread notifications per section',
    server: 'bare-sql',
    sql: UNREAD,
    requests: (ctx) => ctx.people(50).map((p) => ({ path: `/sql/bare-sql-notification-unread?p=${p.id}` })),
    check: (body) => body.result.length > 0,
  },
  {
    id: 'bare-sql-notification-page',
    title: 'bare SQL: first page of the notification centre',
    server: 'bare-sql',
    sql: `SELECT id, code, section, link, vars, actor_id, others, read, created FROM notifications
      WHERE user_id = $1::uuid AND in_center AND created < now() ORDER BY created DESC LIMIT 21`,
    requests: (ctx) => ctx.people(50).map((p) => ({ path: `/sql/bare-sql-notification-page?p=${p.id}` })),
    check: (body) => body.result.length === 21,
  },
];

const signedIn = async (ctx, people, build) =>
  Promise.all(people.map(async (p) => ({ ...build(p), headers: { authorization: `Bearer ${await ctx.signIn(p)}` } })));

const data = { notifications: 50 };

export const scenarios = [
  {
    id: 'notification-unread',
    title: 'GET /api/notification/unread/{clientId}/{userId}',
    baselines: ['bare-json', 'bare-sql-notification-unread', 'bare-sql-guard'],
    data,
    requests: (ctx) =>
      signedIn(ctx, ctx.people(50), (p) => ({ path: `/api/notification/unread/${p.clientId}/${p.id}` })),
    check: (body) => body.count > 0 && body.sections.posts > 0,
  },
  {
    id: 'notification-page',
    title: 'GET /api/notification/{clientId}/all/{userId}/now',
    baselines: ['bare-json', 'bare-sql-notification-page'],
    data,
    requests: (ctx) =>
      signedIn(ctx, ctx.people(50), (p) => ({ path: `/api/notification/${p.clientId}/all/${p.id}/now` })),
    check: (body) => body.result.length === 20 && body.next !== null,
  },
];
