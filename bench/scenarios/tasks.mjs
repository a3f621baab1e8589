/**
 * Issue 31: a desk with 2,000 cards in 8 lanes (bench001). `task-desk`: the kanban (`GET api/task_tracker/{id}`,
 * every lane with every card face) read by the desk's managers; `task-move`: cards moved to the end of a lane by
 * those managers at once (`PUT api/task_tracker/{id}/move_task`: moves into one lane wait for its lock); each next
 * to bare SQL of the same work on a plain pool.
 */

const data = { deskTasks: 2_000 };
const GAP = 1 << 20;

function desk(ctx) {
  const published = ctx.manifest.published?.tasks;
  if (!published) throw new Error('The tasks generator published no desk: run with --desk-tasks');
  return published;
}

const managers = (ctx) => {
  const { managers: ids, workspace } = desk(ctx);
  return ctx.people(20, { workspace }).filter((p) => ids.includes(p.id));
};

/** Card `i` goes to the end of lane `i + 3` (of 8): every lane gets moves, a card never stays in place. */
const moveOf = (ctx, i) => {
  const { cards, lanes } = desk(ctx);
  const card = cards[(i * 37) % cards.length];
  return { task: card, lane: lanes[(i + 3) % lanes.length] };
};
/** Moves into or out of the Done lane (the last) are sent confirmed, as the web does after asking. */
const REQUESTS = 400;

export const baselines = [
  {
    id: 'bare-sql-task-desk',
    title: 'bare SQL: a desk, its people and lanes, its 2,000 card faces in lane and rank order, the people they name',
    server: 'bare-sql',
    sql: [
      { sql: 'SELECT * FROM task_desks WHERE id = $1::uuid AND client_id = $2::uuid', params: [0, 1] },
      { sql: 'SELECT role FROM task_desk_people WHERE desk_id = $1::uuid AND user_id = $2::uuid', params: [0, 2] },
      { sql: 'SELECT * FROM task_lanes WHERE desk_id = $1::uuid ORDER BY position', params: [0] },
      { sql: 'SELECT * FROM task_desk_people WHERE desk_id = $1::uuid', params: [0] },
      {
        sql: `SELECT t.id, t.lane_id, t.name, t.status, t.performer_id, t.co_performers, t.author_id,
                t.plan_date::text AS plan_date, t.priority, t.tags, t.color, t.border_color,
                jsonb_array_length(t.checklist) AS checks,
                (SELECT count(*)::int FROM jsonb_array_elements(t.checklist) c WHERE (c->>'done')::boolean) AS checked,
                jsonb_array_length(t.files) AS files, t.version
              FROM tasks t WHERE t.desk_id = $1::uuid ORDER BY t.lane_id, t.rank`,
        params: [0],
      },
      {
        sql: `SELECT u.id, u.first_name, u.last_name, u.position, u.pics FROM users u
              WHERE u.id IN (SELECT performer_id FROM tasks WHERE desk_id = $1::uuid)`,
        params: [0],
      },
    ],
    requests: (ctx) => {
      const { desk: id, clientId } = desk(ctx);
      return managers(ctx).map((p) => ({ path: `/sql/bare-sql-task-desk?p=${id}&p=${clientId}&p=${p.id}` }));
    },
    check: (body) => body.result.length > 0,
  },
  {
    id: 'bare-sql-task-move',
    title: 'bare SQL: a card moved to the end of a lane (the lane locked, its last rank read, the card row written)',
    server: 'bare-sql',
    sql: [
      { sql: 'SELECT id FROM task_lanes WHERE id = $1::uuid FOR UPDATE', params: [1] },
      { sql: 'SELECT * FROM tasks WHERE id = $1::uuid FOR UPDATE', params: [0] },
      {
        sql: 'SELECT max(rank)::text AS top FROM tasks WHERE lane_id = $2::uuid AND id <> $1::uuid',
        params: [0, 1],
      },
      {
        sql: `UPDATE tasks SET lane_id = $2::uuid, version = version + 1, updated = now(),
                rank = (SELECT coalesce(max(rank), 0) + ${GAP} FROM tasks WHERE lane_id = $2::uuid AND id <> $1::uuid)
              WHERE id = $1::uuid RETURNING version`,
        params: [0, 1],
      },
    ],
    requests: (ctx) =>
      Array.from({ length: REQUESTS }, (_, i) => {
        const move = moveOf(ctx, i);
        return { path: `/sql/bare-sql-task-move?p=${move.task}&p=${move.lane}` };
      }),
    check: (body) => body.result.length === 1,
  },
];

export const scenarios = [
  {
    id: 'task-desk',
    title: 'GET api/task_tracker/{id}: the kanban of a desk with 2,000 cards in 8 lanes, read by its managers',
    baselines: ['bare-json', 'bare-sql-task-desk'],
    data,
    requests: async (ctx) => {
      const { desk: id } = desk(ctx);
      return Promise.all(
        managers(ctx).map(async (p) => ({
          path: `/api/task_tracker/${id}`,
          headers: { authorization: `Bearer ${await ctx.signIn(p)}` },
        })),
      );
    },
    check: (body) => body.result.lanes.length === 8 && body.result.tasks.total === 2_000,
  },
  {
    id: 'task-move',
    title: 'PUT api/task_tracker/{id}/move_task: the desk’s managers moving cards to the ends of its 8 lanes at once',
    baselines: ['bare-json', 'bare-sql-task-move'],
    data,
    requests: async (ctx) => {
      const { desk: id } = desk(ctx);
      const people = managers(ctx);
      const tokens = [];
      for (const p of people) tokens.push(await ctx.signIn(p));
      return Array.from({ length: REQUESTS }, (_, i) => ({
        method: 'PUT',
        path: `/api/task_tracker/${id}/move_task`,
        headers: { authorization: `Bearer ${tokens[i % tokens.length]}` },
        body: { ...moveOf(ctx, i), confirm: true },
      }));
    },
    check: (body) => typeof body.result?.version === 'number',
  },
];
