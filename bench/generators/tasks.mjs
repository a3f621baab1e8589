import { v7 as uuid } from 'uuid';
import { z } from 'zod';
import { insertRows } from '../lib/db.mjs';

const GAP = 1 << 20;
const LANES = ['Backlog', 'To do', 'Analysis', 'In progress', 'Review', 'Testing', 'Ready', 'Done'];
const PRIORITIES = ['low', 'normal', 'normal', 'high', 'critical'];
const VERBS = ['Write', 'Check', 'Fix', 'Plan', 'Order', 'Review', 'Update', 'Prepare'];
const THINGS = ['the report', 'the invoice', 'the brochure', 'the release notes', 'the budget', 'the slides'];

/**
 * Issue 31: a desk of the first workspace with `deskTasks` cards spread over 8 lanes (ranks gapped as the server
 * gives them), owned by the first person the manifest samples there, the other sampled people its administrators
 * (so each may read and move every card). Nothing is written with `deskTasks` at 0. Publishes the desk, its lanes
 * and cards for the scenarios.
 */
export default {
  name: 'tasks',
  after: ['clients', 'users'],
  options: { deskTasks: z.coerce.number().int().min(0).max(1_000_000).default(0) },
  async run({ session, options, random, state }) {
    const counts = { task_desks: 0, task_desk_people: 0, task_lanes: 0, tasks: 0 };
    if (!options.deskTasks) return counts;
    if (session.kind === 'pg') await session.query('SET synchronous_commit = off');
    const ws = state.workspaces[0];
    const people = state.users.get(ws.id);
    const managers = state.sample.filter((p) => p.clientId === ws.id).map((p) => p.id);
    const owner = managers[0];
    const desk = uuid();
    await insertRows(
      session,
      'task_desks',
      ['id', 'client_id', 'name', 'description', 'type', 'owner_id'],
      [[desk, ws.id, 'Product launch', 'Everything for the autumn launch', 'active', owner]],
    );
    const roles = managers.map((id, i) => [ws.id, desk, id, i === 0 ? 'owner' : 'admin']);
    await insertRows(session, 'task_desk_people', ['client_id', 'desk_id', 'user_id', 'role'], roles);
    const lanes = LANES.map((name, position) => [uuid(), ws.id, desk, name, position === LANES.length - 1, position]);
    await insertRows(session, 'task_lanes', ['id', 'client_id', 'desk_id', 'name', 'done', 'position'], lanes);
    const cards = [];
    const perLane = new Map();
    for (let i = 0; i < options.deskTasks; i++) {
      const lane = lanes[i % lanes.length];
      const n = (perLane.get(lane[0]) ?? 0) + 1;
      perLane.set(lane[0], n);
      const done = lane[4];
      const checks = random.int(0, 4);
      cards.push([
        uuid(),
        ws.id,
        desk,
        lane[0],
        n * GAP,
        `${random.pick(VERBS)} ${random.pick(THINGS)} #${i + 1}`,
        done ? 'done' : 'open',
        random.pick(people),
        owner,
        random.int(0, 3) === 0
          ? null
          : new Date(Date.now() + random.int(-30, 90) * 86_400_000).toISOString().slice(0, 10),
        random.pick(PRIORITIES),
        JSON.stringify(
          Array.from({ length: checks }, (_, j) => ({ _id: `c${j}`, text: `Step ${j + 1}`, done: j < 2 })),
        ),
        random.int(0, 2) === 0 ? ['launch'] : [],
      ]);
    }
    await insertRows(
      session,
      'tasks',
      [
        'id',
        'client_id',
        'desk_id',
        'lane_id',
        'rank',
        'name',
        'status',
        'performer_id',
        'author_id',
        'plan_date',
        'priority',
        'checklist',
        'tags',
      ],
      cards,
      { casts: { checklist: 'jsonb', tags: 'text[]' } },
    );
    await session.query('VACUUM tasks');
    state.published.tasks = {
      workspace: ws.workspace,
      clientId: ws.id,
      desk,
      lanes: lanes.map((l) => l[0]),
      cards: cards.map((c) => c[0]),
      managers,
    };
    return { task_desks: 1, task_desk_people: roles.length, task_lanes: lanes.length, tasks: cards.length };
  },
};
