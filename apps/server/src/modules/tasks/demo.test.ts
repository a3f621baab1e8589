import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMPLOYEE_LOGIN, seedDemo } from '../../bootstrap/demo.js';
import { call, createHarness, type Harness } from '../../test/harness.js';

const DEMO_PASSWORD = 'demo-test-pass';
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ DEMO_PASSWORD });
  await seedDemo(h.platform, pino({ level: 'silent' }));
});
afterAll(() => h.close());

describe('the demo workspace desks', () => {
  it('shows the demo employee two desks with lanes and cards they can open', async () => {
    const login = await call(h, null, 'POST', '/api/login', { login: DEMO_EMPLOYEE_LOGIN, password: DEMO_PASSWORD });
    const anna = { token: login.json().token as string };
    const mine = (await call(h, anna, 'GET', '/api/task_tracker/desks?list=mine')).json();
    const shared = (await call(h, anna, 'GET', '/api/task_tracker/desks?list=shared')).json();
    const desks = [...mine.result, ...shared.result];
    expect(desks.map((d: { name: string }) => d.name).sort()).toEqual(['Office move', 'Website relaunch']);
    const relaunch = desks.find((d: { name: string }) => d.name === 'Website relaunch');
    const board = await call(h, anna, 'GET', `/api/task_tracker/${relaunch._id}`);
    expect(board.statusCode, board.body).toBe(200);
    const lanes = board.json().result.lanes;
    expect(lanes.map((l: { name: string }) => l.name)).toEqual(['To do', 'In progress', 'Review', 'Done']);
    expect(lanes.every((l: { tasks: unknown[] }) => l.tasks.length > 0)).toBe(true);
    const task = await call(h, anna, 'GET', `/api/task/${lanes[1].tasks[0]._id}`);
    expect(task.json().result).toMatchObject({
      name: 'New colour scheme and typography',
      progress: { done: 2, total: 3 },
    });
  });
});
