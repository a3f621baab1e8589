// Isolation-suite fixtures of services: a group of workspace A with a simple service (a request of A's employee
// waiting for A's administrator, with a file) and a multi-step service, an empty group, the "ask the office"
// settings; and the bodies of the calls. Kinds: `service_group` holds the services, `service_group_empty` is the
// one renamed and deleted; `service` (simple) is requested, converted and deleted; `service_multi` gets its steps
// changed (`service_step` is one of them); `bp` is the request and `bp_step` its current step.
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
  const group = await as(h, a.admin.token, 'POST', '/api/service_group', { name: `IT ${a.mark}` });
  const empty = await as(h, a.admin.token, 'POST', '/api/service_group', { name: `Facilities ${a.mark}` });
  const file = await objectFixtures.get('file')!(h, a);
  const service = await as(h, a.admin.token, 'POST', '/api/bp', {
    name: `Office help ${a.mark}`,
    description: `Anything the office can do ${a.mark}`,
    group: group._id,
    days_limit: 3,
    owners: [a.employee.id],
    fields: [
      { key: 'details', name: `What ${a.mark}`, type: 'text', required: true },
      { key: 'attachments', name: 'Files', type: 'file' },
    ],
    steps: [{ name: `Handling ${a.mark}`, people: [a.admin.id] }],
  });
  const multi = await as(h, a.admin.token, 'POST', '/api/bp', {
    name: `Business trip ${a.mark}`,
    description: `Travel ${a.mark}`,
    group: group._id,
    type: 'multi',
    steps: [
      { name: `Approval ${a.mark}`, people: [a.admin.id] },
      { name: `Booking ${a.mark}`, people: [a.admin.id], fields: [{ name: `Ticket ${a.mark}`, type: 'string' }] },
    ],
  });
  const bp = await as(h, a.employee.token, 'POST', '/api/bp/start', {
    tmpl: service._id,
    fields: { details: `A chair for room 4 ${a.mark}`, attachments: [file] },
  });
  await as(h, a.admin.token, 'PUT', `/api/service_settings/${a.id}`, { recipients: [a.admin.id] });
  const objects = {
    service_group: group._id,
    service_group_empty: empty._id,
    service: service._id,
    service_multi: multi._id,
    service_step: multi.steps[1]._id,
    bp: bp._id,
    bp_step: bp.steps[1]._id,
  };
  made.set(a.id, objects);
  return objects;
}

for (const kind of [
  'service_group',
  'service_group_empty',
  'service',
  'service_multi',
  'service_step',
  'bp',
  'bp_step',
]) {
  registerObject(kind, async (h, a) => (await world(h, a))[kind]);
}

registerBody('POST /api/service_group', () => ({ name: 'Planted group' }));
registerBody('PUT /api/service_group/:id', () => ({ name: 'Renamed group' }));
registerBody('POST /api/bp', ({ objects }) => ({
  name: 'Planted service',
  description: 'Planted',
  group: objects.service_group,
  department_id: objects.department,
  owners: [objects.user],
  article_id: objects.article,
  type: 'multi',
  steps: [{ name: 'Planted step', people: [objects.user], departments: [objects.department] }],
}));
registerBody('PUT /api/bp/:id', ({ objects }) => ({
  name: 'Renamed service',
  group: objects.service_group,
  department_id: objects.department,
  owners: [objects.user],
  article_id: objects.article,
}));
registerBody('POST /api/bp/:bp/step', ({ objects }) => ({
  name: 'Planted step',
  people: [objects.user],
  departments: [objects.department],
}));
registerBody('PUT /api/bp/:bp/step', ({ objects }) => ({
  _id: objects.service_step,
  name: 'Renamed step',
  people: [objects.user],
  departments: [objects.department],
}));
registerBody('POST /api/bp/start', ({ objects }) => ({
  tmpl: objects.service,
  fields: { details: 'Planted request' },
  files: [objects.file],
}));
registerBody('POST /api/bp/:bp_id/pass_step', ({ objects }) => ({ step_id: objects.bp_step, decision: 'accept' }));
registerBody('POST /api/user/send_service_req', ({ objects }) => ({
  text: 'Planted ask',
  attachments: [objects.file],
}));
registerBody('PUT /api/service_settings/:client_id', ({ objects }) => ({
  recipients: [objects.user],
  service: objects.service,
}));
registerBody('POST /api/bp/convert/:id', () => ({ type: 'multi' }));
registerSocket('bp.subscribe', ({ objects }) => ({ bp_id: objects.bp }));
