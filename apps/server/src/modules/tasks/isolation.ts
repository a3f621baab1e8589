// Isolation-suite fixtures of the task tracker: a desk of workspace A (owned by A's administrator, A's employee a
// member, linked to A's project) with the template's lanes and a spare lane, two cards (one with a file, a
// checklist and a history) and a spare card; another desk to finish and restore, and one to delete. Kinds: `desk`,
// `lane` (To do, holding `task` and `task_other`), `lane_other` (In progress), `lane_spare` (deleted), `task_spare`
// (deleted), `desk_finish`, `desk_spare`.
import type { Harness } from '../../test/harness.js';
import {
  type FixtureWorkspace,
  objectFixtures,
  registerBody,
  registerObject,
  registerSocket,
} from '../../test/isolation/registry.js';
import { as } from '../posts/isolation.js';

const made = new Map<string, Record<string, string>>();

async function world(h: Harness, a: FixtureWorkspace): Promise<Record<string, string>> {
  const known = made.get(a.id);
  if (known) return known;
  const file = await objectFixtures.get('file')!(h, a);
  const project = await objectFixtures.get('project')!(h, a);
  const desk = await as(h, a.admin.token, 'POST', '/api/task_tracker/desk', {
    name: `Launch ${a.mark}`,
    description: `The launch plan ${a.mark}`,
    members: [a.employee.id],
    project,
  });
  const [lane, other] = desk.lanes;
  const spare = (await as(h, a.admin.token, 'POST', `/api/task_tracker/${desk._id}/lane`, { name: `Spare ${a.mark}` }))
    .lanes[3];
  const task = await as(h, a.admin.token, 'PUT', `/api/task_tracker/${desk._id}/${lane._id}/add_task`, {
    name: `Print the flyers ${a.mark}`,
    description: `Two thousand copies ${a.mark}`,
    performer: a.employee.id,
    observers: [a.admin.id],
    tags: [`print ${a.mark}`],
    checklist: [{ text: `Proofread ${a.mark}`, done: true }],
    files: [file],
  });
  await as(h, a.admin.token, 'PUT', `/api/task/${task._id}`, { version: task.version, plan_date: '2030-01-10' });
  const second = await as(h, a.admin.token, 'POST', '/api/task', { desk: desk._id, name: `Book the hall ${a.mark}` });
  const spareTask = await as(h, a.admin.token, 'POST', '/api/task', { desk: desk._id, name: `Spare ${a.mark}` });
  const finish = await as(h, a.admin.token, 'POST', '/api/task_tracker/desk', { name: `Retro ${a.mark}` });
  const deleted = await as(h, a.admin.token, 'POST', '/api/task_tracker/desk', { name: `Drafts ${a.mark}` });
  const objects = {
    desk: desk._id,
    lane: lane._id,
    lane_other: other._id,
    lane_spare: spare._id,
    task: task._id,
    task_other: second._id,
    task_spare: spareTask._id,
    desk_finish: finish._id,
    desk_spare: deleted._id,
  };
  made.set(a.id, objects);
  return objects;
}

for (const kind of [
  'desk',
  'lane',
  'lane_other',
  'lane_spare',
  'task',
  'task_other',
  'task_spare',
  'desk_finish',
  'desk_spare',
]) {
  registerObject(kind, async (h, a) => (await world(h, a))[kind]);
}

const taskBody = (objects: Record<string, string>) => ({
  name: 'Planted task',
  performer: objects.user,
  co_performers: [objects.user],
  observers: [objects.user],
  mentions: [objects.user],
  files: [objects.file],
});
registerBody('POST /api/task_tracker/desk', ({ objects }) => ({
  name: 'Planted desk',
  admins: [objects.user],
  members: [objects.user],
  project: objects.project,
}));
registerBody('PUT /api/task_tracker/:desk_id', ({ objects }) => ({
  name: 'Renamed desk',
  admins: [objects.user],
  members: [objects.user],
  project: objects.project,
}));
registerBody('POST /api/task_tracker/:desk_id/lane', () => ({ name: 'Planted lane' }));
registerBody('PUT /api/task_tracker/:desk_id/lane/:lane_id', () => ({ name: 'Renamed lane' }));
registerBody('PUT /api/task_tracker/:desk_id/lanes', ({ objects }) => ({
  lanes: [objects.lane_other, objects.lane],
}));
registerBody('PUT /api/task_tracker/:desk_id/:lane_id/add_task', ({ objects }) => taskBody(objects));
registerBody('POST /api/task', ({ objects }) => ({ ...taskBody(objects), desk: objects.desk, lane: objects.lane }));
registerBody('PUT /api/task/:id', ({ objects }) => ({ ...taskBody(objects), name: 'Renamed task' }));
registerBody('PUT /api/task_tracker/:desk_id/move_task', ({ objects }) => ({
  task: objects.task,
  lane: objects.lane,
  before: objects.task_other,
}));
registerSocket('desk.subscribe', ({ objects }) => ({ desk_id: objects.desk }));
