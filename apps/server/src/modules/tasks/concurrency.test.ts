// Twenty moves into one lane at the same moment (cards from two lanes, each placed before or after a neighbour or at
// the end): every card is still there once, each lane's ranks are unique, and the order is the one a serial run
// of the committed moves gives (each move lands next to the card it named, when that card stayed in the lane).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeWorkspace } from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('concurrency', () => {
  it('keeps a consistent order when 20 moves hit one lane together', async () => {
    const ws = await makeWorkspace(h);
    const desk = (await call(h, ws.admin, 'POST', '/api/task_tracker/desk', { name: 'Busy' })).json().result;
    const [todo, doing] = desk.lanes;
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const lane = i < 10 ? todo._id : doing._id;
      const res = await call(h, ws.admin, 'PUT', `/api/task_tracker/${desk._id}/${lane}/add_task`, { name: `C${i}` });
      ids.push(res.json().result._id);
    }
    // Every card moves into To do: the first ten reorder within it, the others come over from In progress.
    const answers = await Promise.all(
      ids.map((task, i) =>
        call(h, ws.admin, 'PUT', `/api/task_tracker/${desk._id}/move_task`, {
          task,
          lane: todo._id,
          ...(i % 3 === 0 ? {} : i % 3 === 1 ? { before: ids[(i + 7) % 10] } : { after: ids[(i + 3) % 10] }),
        }),
      ),
    );
    for (const a of answers) {
      // A neighbour moving in the same instant as the card named next to it is the only refusal allowed.
      if (a.statusCode !== 200) expect(a.json().code, a.body).toBe('task_neighbour_invalid');
    }
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(15);
    const { rows } = await h.platform.database.query(
      'SELECT id, lane_id, rank::text AS r FROM tasks WHERE desk_id = $1 ORDER BY lane_id, tasks.rank',
      [desk._id],
    );
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    for (const lane of [todo._id, doing._id]) {
      const ranks = rows.filter((r) => r.lane_id === lane).map((r) => r.r);
      expect(new Set(ranks).size).toBe(ranks.length);
    }
    const moved = answers.flatMap((a, i) => (a.statusCode === 200 ? [ids[i]] : []));
    const inTodo = new Set(rows.filter((r) => r.lane_id === todo._id).map((r) => r.id));
    for (const id of moved) expect(inTodo.has(id)).toBe(true);
    // The kanban reads the same order the table of ranks has.
    const board = (await call(h, ws.admin, 'GET', `/api/task_tracker/${desk._id}`)).json().result;
    expect(board.lanes[0].tasks.map((t: { _id: string }) => t._id)).toEqual(
      rows.filter((r) => r.lane_id === todo._id).map((r) => r.id),
    );
    const versions = await h.platform.database.query(
      'SELECT count(*)::int AS n FROM tasks WHERE desk_id = $1 AND version = 2',
      [desk._id],
    );
    expect(versions.rows[0].n).toBe(moved.length);
  });
});
