// Requests through HTTP: starting one (the form checked on the server), passing its steps, the history, "my
// requests", the performer's queue, comments with parent `bp`, realtime, and each refusal with nothing changed.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  call,
  createHarness,
  type Harness,
  makeUser,
  makeWorkspace,
  type TestUser,
  type TestWorkspace,
} from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function upload(user: TestUser, name = 'scan.pdf', bytes = Buffer.from('%PDF-1.4 scan')) {
  const boundary = '----hallwayService';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`;
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/upload?purpose=attachment',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results[0].file._id as string;
}

async function department(ws: TestWorkspace, name: string, members: string[], head?: string) {
  const trees = (await call(h, ws.admin, 'GET', `/api/structure/byClient/${ws.id}`)).json().result;
  const res = await call(h, ws.admin, 'POST', '/api/structure', { parent: trees[0].root._id, name });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().result._id as string;
  const placed = await call(h, ws.admin, 'PUT', '/api/dept_users', { dept_id: id, users: members, head: head ?? null });
  expect(placed.statusCode, placed.body).toBe(200);
  return id;
}

/** Every field type once: the form the validation tests fill. */
const FORM = [
  { key: 'title', name: 'Title', type: 'string', required: true },
  { key: 'details', name: 'Details', type: 'text' },
  { key: 'amount', name: 'Amount', type: 'number' },
  { key: 'day', name: 'Day', type: 'date' },
  { key: 'trip', name: 'Trip', type: 'period' },
  { key: 'size', name: 'Size', type: 'select', options: ['S', 'M', 'L'] },
  { key: 'agree', name: 'I agree', type: 'checkbox' },
  { key: 'scan', name: 'Scan', type: 'file' },
  { key: 'who', name: 'Who', type: 'users' },
  { key: 'phone', name: 'Phone', type: 'phone' },
];

interface World {
  ws: TestWorkspace;
  group: string;
  /** A simple service handled by the administrator, with FORM. */
  simple: { _id: string };
}

async function world(): Promise<World> {
  const ws = await makeWorkspace(h);
  const group = (await call(h, ws.admin, 'POST', '/api/service_group', { name: 'Office' })).json().result._id;
  const simple = await service(ws, group, { fields: FORM, days_limit: 2 });
  return { ws, group, simple };
}

async function service(ws: TestWorkspace, group: string, extra: Record<string, unknown> = {}) {
  const res = await call(h, ws.admin, 'POST', '/api/bp', {
    name: 'Office supplies',
    description: 'Anything your desk needs',
    group,
    steps: [{ name: 'Handling', people: [ws.admin.id] }],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

const start = (who: TestUser, tmpl: string, fields: Record<string, unknown> = {}, files: string[] = []) =>
  call(h, who, 'POST', '/api/bp/start', { tmpl, fields, files });
const pass = (who: TestUser, bp: string, body: Record<string, unknown>) =>
  call(h, who, 'POST', `/api/bp/${bp}/pass_step`, body);
const mine = async (who: TestUser, query = '') =>
  (await call(h, who, 'GET', `/api/bp/runned/${who.id}${query}`)).json();

async function events(clientId: string, code: string) {
  const { rows } = await h.platform.database.query(
    'SELECT recipients, vars, link FROM notification_events WHERE client_id = $1 AND code = $2 ORDER BY id',
    [clientId, code],
  );
  return rows as { recipients: { ids?: string[] }; vars: Record<string, unknown>; link: string }[];
}

async function requestCount(clientId: string) {
  const { rows } = await h.platform.database.query(
    `SELECT (SELECT count(*)::int FROM service_requests WHERE client_id = $1) AS requests,
            (SELECT count(*)::int FROM service_request_steps WHERE client_id = $1) AS steps,
            (SELECT count(*)::int FROM service_request_history WHERE client_id = $1) AS history`,
    [clientId],
  );
  return rows[0];
}

describe('a simple request from start to end', () => {
  it('starts with the form checked, tells the performer, lists it, and ends in success', async () => {
    const { ws, simple } = await world();
    const scan = await upload(ws.employee);
    const extra = await upload(ws.employee, 'extra.pdf');
    const emit = vi.spyOn(h.platform.realtime, 'emit');
    const res = await start(
      ws.employee,
      simple._id,
      {
        title: '  A chair  ',
        amount: 2,
        day: '2026-12-01',
        trip: { from: '2026-12-01', to: '2026-12-03' },
        size: 'M',
        agree: true,
        scan: [scan],
        who: [ws.admin.id],
        phone: '+49 30 1234567',
      },
      [extra],
    );
    expect(res.statusCode, res.body).toBe(200);
    const bp = res.json().result;
    expect(bp).toMatchObject({
      template: false,
      service: { _id: simple._id, name: 'Office supplies' },
      name: 'Office supplies',
      requester: { _id: ws.employee.id, name: 'Eve Employee' },
      status: 'active',
      steps_count: 2,
      overdue: false,
      step: { name: 'Handling', position: 1, performers: [{ _id: ws.admin.id }] },
      values: { title: 'A chair', amount: 2, size: 'M', agree: true, scan: [scan], who: [ws.admin.id] },
      can: { pass: false, comment: true, table: false },
    });
    expect(bp.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(bp.files.map((f: { _id: string }) => f._id)).toEqual([extra]);
    expect(bp.refs.files[scan]).toMatchObject({ name: 'scan.pdf' });
    expect(bp.refs.people[ws.admin.id].name).toBe('Ada Admin');
    expect(bp.steps.map((s: { kind: string; status: string }) => [s.kind, s.status])).toEqual([
      ['request', 'done'],
      ['step', 'active'],
    ]);
    expect(bp.history).toMatchObject([{ action: 'created', actor: { _id: ws.employee.id } }]);
    const [told] = await events(ws.id, 'services.step');
    expect(told).toMatchObject({
      recipients: { ids: [ws.admin.id] },
      vars: { name: 'Office supplies', step: 'Handling', requester: 'Eve Employee' },
      link: `/service/${bp._id}`,
    });

    const list = await mine(ws.employee);
    expect(list).toMatchObject({ total: 1, offset: 0, limit: 50, columns: [], can: { table: false } });
    expect(list.result[0]).toMatchObject({ _id: bp._id, status: 'active', step: { name: 'Handling' } });
    expect(list.result[0].values).toBeUndefined();
    const queue = (await call(h, ws.admin, 'GET', `/api/bp/runned/${ws.admin.id}?as=performer`)).json();
    expect(queue.result.map((r: { _id: string }) => r._id)).toEqual([bp._id]);
    const adminView = (await call(h, ws.admin, 'GET', `/api/bp/${bp._id}`)).json().result;
    expect(adminView.can).toEqual({ pass: true, comment: true, table: true });

    emit.mockClear();
    const done = await pass(ws.admin, bp._id, { step_id: bp.steps[1]._id, decision: 'accept' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().result).toMatchObject({ status: 'success', step: null, can: { pass: false } });
    expect(done.json().result.finished_at).not.toBeNull();
    expect(done.json().result.history.map((x: { action: string }) => x.action)).toEqual([
      'created',
      'accepted',
      'success',
    ]);
    const [doneTold] = await events(ws.id, 'services.done');
    expect(doneTold).toMatchObject({ recipients: { ids: [ws.employee.id] }, vars: { name: 'Office supplies' } });
    expect(emit).toHaveBeenCalledWith(ws.id, `bp:${bp._id}`, 'bp.updated', {
      _id: bp._id,
      status: 'success',
      step: null,
    });
    emit.mockRestore();
    expect((await call(h, ws.admin, 'GET', `/api/bp/runned/${ws.admin.id}?as=performer`)).json().total).toBe(0);
    expect((await mine(ws.employee, '?finished=1')).total).toBe(1);
    expect((await mine(ws.employee, '?finished=0')).total).toBe(0);
  });

  it('keeps a request after its service is deleted: its people still read it', async () => {
    const { ws, simple } = await world();
    const bp = (await start(ws.employee, simple._id, { title: 'Paper' })).json().result;
    expect((await call(h, ws.admin, 'DELETE', `/api/bp/${simple._id}`)).statusCode).toBe(200);
    const kept = (await call(h, ws.employee, 'GET', `/api/bp/${bp._id}`)).json().result;
    expect(kept).toMatchObject({ service: null, name: 'Office supplies', fields: FORM.map((f) => ({ key: f.key })) });
    const done = await pass(ws.admin, bp._id, { step_id: kept.steps[1]._id, decision: 'accept' });
    expect(done.json().result.status).toBe('success');
  });
});

describe('a multi-step request', () => {
  it('goes through the chief, a department head and a review, each told in turn', async () => {
    const ws = await makeWorkspace(h);
    const boss = await makeUser(h, ws.id, { firstName: 'Bea', lastName: 'Boss' });
    const money = await makeUser(h, ws.id, { firstName: 'Finn', lastName: 'Finance' });
    await department(ws, 'Sales', [boss.id, ws.employee.id], boss.id);
    const finance = await department(ws, 'Finance', [money.id], money.id);
    const group = (await call(h, ws.admin, 'POST', '/api/service_group', { name: 'Office' })).json().result._id;
    const trip = await service(ws, group, {
      name: 'Business trip',
      type: 'multi',
      department_id: finance,
      days_limit: 5,
      fields: [{ key: 'where', name: 'Destination', type: 'string', required: true }],
      steps: [
        { name: 'Chief', chief: true },
        {
          name: 'Finance',
          departments: [finance],
          fields: [{ key: 'code', name: 'Cost code', type: 'string', required: true }],
        },
        { name: 'Office', review: true, people: [ws.admin.id] },
      ],
    });
    const bp = (await start(ws.employee, trip._id, { where: 'Paris' })).json().result;
    expect(bp.steps.map((s: { performers: { _id: string }[] }) => s.performers.map((p) => p._id))).toEqual([
      [ws.employee.id],
      [boss.id],
      [money.id],
      [ws.admin.id],
    ]);
    const steps = bp.steps.map((s: { _id: string }) => s._id);

    // Not yet their turn: the finance head cannot decide the chief's step, nor theirs yet.
    const early = await pass(money, bp._id, { step_id: steps[2], decision: 'accept', fields: { code: 'T-1' } });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().code).toBe('service_step_not_current');
    const notMine = await pass(money, bp._id, { step_id: steps[1], decision: 'accept' });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().code).toBe('service_not_performer');

    expect((await pass(boss, bp._id, { step_id: steps[1], decision: 'accept' })).statusCode).toBe(200);
    expect((await events(ws.id, 'services.progress')).at(-1)).toMatchObject({
      recipients: { ids: [ws.employee.id] },
      vars: { step: 'Chief' },
    });
    expect((await events(ws.id, 'services.step')).at(-1)).toMatchObject({
      recipients: { ids: [money.id] },
      vars: { step: 'Finance', requester: 'Eve Employee' },
    });

    // The step's own required field, then a review step needs `ack`.
    const noCode = await pass(money, bp._id, { step_id: steps[2], decision: 'accept' });
    expect(noCode.json()).toMatchObject({
      code: 'service_field_required',
      fields: { 'fields.code': 'service_field_required' },
    });
    const coded = await pass(money, bp._id, { step_id: steps[2], decision: 'accept', fields: { code: 'T-7' } });
    expect(coded.json().result.steps[2]).toMatchObject({
      status: 'done',
      values: { code: 'T-7' },
      decided_by: { _id: money.id },
    });
    const accept = await pass(ws.admin, bp._id, { step_id: steps[3], decision: 'accept' });
    expect(accept.json()).toMatchObject({
      code: 'service_decision_invalid',
      fields: { decision: 'service_decision_invalid' },
    });
    const acked = await pass(ws.admin, bp._id, { step_id: steps[3], decision: 'ack' });
    expect(acked.json().result).toMatchObject({ status: 'success' });
    expect(acked.json().result.history.map((x: { action: string }) => x.action)).toEqual([
      'created',
      'accepted',
      'accepted',
      'acknowledged',
      'success',
    ]);
    const again = await pass(ws.admin, bp._id, { step_id: steps[3], decision: 'ack' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('service_request_finished');
  });

  it('ends rejected when a step is declined (with a reason); the rest is skipped', async () => {
    const ws = await makeWorkspace(h);
    const group = (await call(h, ws.admin, 'POST', '/api/service_group', { name: 'Office' })).json().result._id;
    const trip = await service(ws, group, {
      type: 'multi',
      steps: [
        { name: 'First', people: [ws.admin.id] },
        { name: 'Second', people: [ws.admin.id] },
      ],
    });
    const bp = (await start(ws.employee, trip._id)).json().result;
    const before = await requestCount(ws.id);
    const bare = await pass(ws.admin, bp._id, { step_id: bp.steps[1]._id, decision: 'decline', reason: '   ' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({
      code: 'service_decline_reason_required',
      fields: { reason: 'service_decline_reason_required' },
    });
    expect(await requestCount(ws.id)).toEqual(before);
    expect((await call(h, ws.employee, 'GET', `/api/bp/${bp._id}`)).json().result.steps[1].status).toBe('active');

    const declined = await pass(ws.admin, bp._id, {
      step_id: bp.steps[1]._id,
      decision: 'decline',
      reason: 'No budget',
    });
    expect(declined.json().result).toMatchObject({ status: 'rejected', step: null });
    expect(declined.json().result.steps.map((s: { status: string }) => s.status)).toEqual([
      'done',
      'declined',
      'skipped',
    ]);
    expect(declined.json().result.steps[1]).toMatchObject({ decision: 'decline', reason: 'No budget' });
    const [told] = await events(ws.id, 'services.rejected');
    expect(told).toMatchObject({ recipients: { ids: [ws.employee.id] }, vars: { reason: 'No budget', step: 'First' } });
  });

  it('refuses a request whose chief the structure does not give: 400, nothing started', async () => {
    const ws = await makeWorkspace(h);
    const group = (await call(h, ws.admin, 'POST', '/api/service_group', { name: 'HR' })).json().result._id;
    const leave = await service(ws, group, { type: 'multi', steps: [{ name: 'Chief', chief: true }] });
    const res = await start(ws.employee, leave._id, {}, []);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('service_chief_not_found');
    expect(res.json().message).toBe(
      'Your chief could not be determined: ask an administrator to set your department’s head',
    );
    expect(await requestCount(ws.id)).toEqual({ requests: 0, steps: 0, history: 0 });
    expect(await events(ws.id, 'services.step')).toEqual([]);

    const headless = await department(ws, 'Nobody leads', [ws.employee.id]);
    const byHead = await service(ws, group, { name: 'By head', steps: [{ name: 'Head', departments: [headless] }] });
    expect((await start(ws.employee, byHead._id)).json().code).toBe('service_department_head_not_found');
  });
});

describe('the form, checked on the server (each refusal names the field; nothing changes)', () => {
  let w: World;
  let foreignFile: string;
  beforeAll(async () => {
    w = await world();
    const other = await makeWorkspace(h);
    foreignFile = await upload(other.employee, 'theirs.pdf');
  });
  const ok = { title: 'Chair' };
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['a missing required field', { details: 'x' }, 'service_field_required', 'fields.title'],
    ['a blank required field', { title: '   ' }, 'service_field_required', 'fields.title'],
    ['a number field given text', { ...ok, amount: 'twelve' }, 'service_field_number', 'fields.amount'],
    ['a number field given a numeric text', { ...ok, amount: '12' }, 'service_field_number', 'fields.amount'],
    ['a date that is no date', { ...ok, day: '2026-02-30' }, 'service_field_date', 'fields.day'],
    [
      'a period ending before it starts',
      { ...ok, trip: { from: '2026-05-02', to: '2026-05-01' } },
      'service_field_period',
      'fields.trip',
    ],
    ['an option not offered', { ...ok, size: 'XXL' }, 'service_field_option', 'fields.size'],
    ['a checkbox given text', { ...ok, agree: 'yes' }, 'service_field_invalid', 'fields.agree'],
    ['a phone with letters', { ...ok, phone: 'call me' }, 'service_field_phone', 'fields.phone'],
    ['a person of nowhere', { ...ok, who: [crypto.randomUUID()] }, 'service_field_person', 'fields.who'],
    ['a field the form lacks', { ...ok, colour: 'red' }, 'service_field_unknown', 'fields.colour'],
    ['a text too long', { title: 'x'.repeat(256) }, 'service_field_too_long', 'fields.title'],
  ];
  for (const [what, fields, code, field] of cases) {
    it(`refuses ${what}: 400 ${code}`, async () => {
      const res = await start(w.ws.employee, w.simple._id, fields);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code, fields: { [field]: code } });
      expect(await requestCount(w.ws.id)).toEqual({ requests: 0, steps: 0, history: 0 });
    });
  }

  it('refuses a file field with another workspace’s file, and such a file beside the form', async () => {
    const inField = await start(w.ws.employee, w.simple._id, { ...ok, scan: [foreignFile] });
    expect(inField.statusCode).toBe(400);
    expect(inField.json()).toMatchObject({
      code: 'service_field_file',
      fields: { 'fields.scan': 'service_field_file' },
    });
    const beside = await start(w.ws.employee, w.simple._id, ok, [foreignFile]);
    expect(beside.json()).toMatchObject({ code: 'service_field_file', fields: { files: 'service_field_file' } });
    expect(await requestCount(w.ws.id)).toEqual({ requests: 0, steps: 0, history: 0 });
  });

  it('refuses an e-mail field given no address and a department of nowhere', async () => {
    const service = await call(h, w.ws.admin, 'PUT', `/api/bp/${w.simple._id}`, {
      fields: [
        { key: 'mail', name: 'E-mail', type: 'email' },
        { key: 'dept', name: 'Department', type: 'department' },
        { key: 'boss', name: 'Boss', type: 'user' },
      ],
    });
    expect(service.statusCode, service.body).toBe(200);
    const mail = await start(w.ws.employee, w.simple._id, { mail: 'not-an-address' });
    expect(mail.json()).toMatchObject({
      code: 'service_field_email',
      fields: { 'fields.mail': 'service_field_email' },
    });
    const dept = await start(w.ws.employee, w.simple._id, { dept: crypto.randomUUID() });
    expect(dept.json()).toMatchObject({ code: 'service_field_department' });
    const good = await start(w.ws.employee, w.simple._id, { mail: 'Eve@Example.test', boss: w.ws.admin.id });
    expect(good.json().result.values).toEqual({ mail: 'eve@example.test', boss: w.ws.admin.id });
    // The request keeps the form it started with, whatever the service's form becomes.
    await call(h, w.ws.admin, 'PUT', `/api/bp/${w.simple._id}`, { fields: FORM });
    expect(
      (await call(h, w.ws.employee, 'GET', `/api/bp/${good.json().result._id}`)).json().result.fields,
    ).toHaveLength(3);
  });
});

describe('access to requests', () => {
  it('shows a request to its people and its service’s managers only; others get 404', async () => {
    const { ws, simple } = await world();
    const other = await makeWorkspace(h);
    const colleague = await makeUser(h, ws.id, { firstName: 'Cole', lastName: 'League' });
    const bp = (await start(ws.employee, simple._id, { title: 'Lamp' })).json().result;
    for (const who of [colleague, other.admin, other.employee]) {
      // `GET api/bp/{id}` answers a request or a service: neither readable is the one 404.
      const res = await call(h, who, 'GET', `/api/bp/${bp._id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('service_not_found');
      const passed = await pass(who, bp._id, { step_id: bp.steps[1]._id, decision: 'accept' });
      expect(passed.json().code).toBe('service_request_not_found');
    }
    // A reader who is no performer of the step: 403 with the code.
    const requester = await pass(ws.employee, bp._id, { step_id: bp.steps[1]._id, decision: 'accept' });
    expect(requester.statusCode).toBe(403);
    expect(requester.json().code).toBe('service_not_performer');
    expect((await call(h, ws.employee, 'GET', `/api/bp/${bp._id}`)).json().result.status).toBe('active');

    // Another's list: administrators only; a person of nowhere is not found.
    expect((await call(h, colleague, 'GET', `/api/bp/runned/${ws.employee.id}`)).statusCode).toBe(403);
    expect((await call(h, ws.admin, 'GET', `/api/bp/runned/${ws.employee.id}`)).json().total).toBe(1);
    expect((await call(h, other.admin, 'GET', `/api/bp/runned/${ws.employee.id}`)).statusCode).toBe(404);
    // A service of another workspace as the table's filter.
    expect((await call(h, other.admin, 'GET', `/api/bp/runned/${other.admin.id}?bp=${simple._id}`)).json().code).toBe(
      'service_not_found',
    );
    // Starting another workspace's service.
    expect((await start(other.employee, simple._id, { title: 'x' })).json().code).toBe('service_not_found');
  });

  it('needs the right, the audience and a switched-on service to start', async () => {
    const { ws, simple, group } = await world();
    const noRight = await makeUser(h, ws.id, { rights: { services: false } });
    const denied = await start(noRight, simple._id, { title: 'x' });
    expect(denied.statusCode).toBe(404);
    const closed = await service(ws, group, { name: 'Closed', for_all: false });
    const outside = await start(ws.employee, closed._id);
    expect(outside.json().code).toBe('service_not_found');
    // An administrator reads it (as its manager) but is not in its audience.
    const admin = await start(ws.admin, closed._id);
    expect(admin.statusCode).toBe(403);
    expect(admin.json().code).toBe('service_not_in_audience');
    await call(h, ws.admin, 'PUT', `/api/bp/${closed._id}`, { active: false, for_all: true });
    const off = await start(ws.admin, closed._id);
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('service_inactive');
    expect(await requestCount(ws.id)).toEqual({ requests: 0, steps: 0, history: 0 });
  });
});

describe('comments on a request (parent bp)', () => {
  it('lets its people comment, tells the others, and keeps strangers out', async () => {
    const { ws, simple } = await world();
    const stranger = await makeUser(h, ws.id);
    const bp = (await start(ws.employee, simple._id, { title: 'Desk lamp' })).json().result;
    const emit = vi.spyOn(h.platform.realtime, 'emit');
    const res = await call(h, ws.employee, 'POST', '/api/comment', {
      parent: { type: 'bp', id: bp._id },
      text: 'Any colour is fine',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ parent: { type: 'bp', id: bp._id, postId: null } });
    expect(emit).toHaveBeenCalledWith(ws.id, `bp:${bp._id}`, 'comment.created', expect.anything());
    emit.mockRestore();
    const [told] = await events(ws.id, 'services.comment');
    expect(told).toMatchObject({
      recipients: { ids: [ws.admin.id] },
      vars: { name: 'Office supplies', text: 'Any colour is fine' },
    });
    const answer = await call(h, ws.admin, 'POST', '/api/comment', {
      parent: { type: 'comment', id: res.json().result._id },
      text: 'Ordered',
    });
    expect(answer.statusCode).toBe(200);
    const thread = (await call(h, ws.employee, 'GET', `/api/bp/${bp._id}`)).json().result.comments;
    expect(thread).toHaveLength(1);
    expect(thread[0].answers.map((a: { text: string }) => a.text)).toEqual(['Ordered']);

    const refused = await call(h, stranger, 'POST', '/api/comment', { parent: { type: 'bp', id: bp._id }, text: 'Hi' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('service_request_not_found');
    const other = await makeWorkspace(h);
    const foreign = await call(h, other.admin, 'POST', '/api/comment', {
      parent: { type: 'bp', id: bp._id },
      text: 'Hi',
    });
    expect(foreign.statusCode).toBe(404);
  });
});
