// The designer, the catalogue and the groups of services, through HTTP: happy paths, §5's refusals (nothing
// changed), access. Requests are in requests.test.ts, concurrency and the jobs in their own files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

async function group(ws: TestWorkspace, name = 'IT') {
  const res = await call(h, ws.admin, 'POST', '/api/service_group', { name });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { _id: string; order: number };
}

const FIELDS = [
  { key: 'model', name: 'Model', type: 'select', required: true, options: ['Mac', 'ThinkPad'] },
  { key: 'why', name: 'Why', type: 'text' },
];

const body = (ws: TestWorkspace, groupId: string, extra: Record<string, unknown> = {}) => ({
  name: 'New laptop',
  description: 'A laptop set up for you',
  group: groupId,
  fields: FIELDS,
  steps: [{ name: 'Handling', people: [ws.admin.id] }],
  ...extra,
});

async function create(ws: TestWorkspace, groupId: string, extra: Record<string, unknown> = {}) {
  const res = await call(h, ws.admin, 'POST', '/api/bp', body(ws, groupId, extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

/** A department of the administrative tree with its head (the structure's own calls). */
async function department(ws: TestWorkspace, name: string, head?: string) {
  const trees = (await call(h, ws.admin, 'GET', `/api/structure/byClient/${ws.id}`)).json().result;
  const res = await call(h, ws.admin, 'POST', '/api/structure', { parent: trees[0].root._id, name });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().result._id as string;
  if (head) {
    const placed = await call(h, ws.admin, 'PUT', '/api/dept_users', { dept_id: id, users: [head], head });
    expect(placed.statusCode, placed.body).toBe(200);
  }
  return id;
}

const templates = async (ws: TestWorkspace, who: TestUser = ws.admin) =>
  (await call(h, who, 'GET', `/api/bp/tmpls/${ws.id}`)).json();
const catalogue = async (ws: TestWorkspace, who: TestUser, query = '') =>
  (await call(h, who, 'GET', `/api/service_group/byClient/${ws.id}${query}`)).json();

describe('service groups', () => {
  it('creates, renames and moves groups; deletes only an empty one', async () => {
    const ws = await makeWorkspace(h);
    const it1 = await group(ws, 'IT');
    const hr = await group(ws, 'HR');
    expect([it1.order, hr.order]).toEqual([0, 1]);
    const renamed = await call(h, ws.admin, 'PUT', `/api/service_group/${hr._id}`, { name: 'People', order: 5 });
    expect(renamed.json().result).toMatchObject({ name: 'People', order: 5, can: { edit: true, delete: true } });
    await create(ws, it1._id);

    const refused = await call(h, ws.admin, 'DELETE', `/api/service_group/${it1._id}`, undefined, {
      'accept-language': 'ru',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('service_group_not_empty');
    const groups = (await catalogue(ws, ws.admin)).result;
    expect(groups.map((g: { name: string }) => g.name)).toEqual(['IT', 'People']);
    expect(groups[0].services).toHaveLength(1);

    expect((await call(h, ws.admin, 'DELETE', `/api/service_group/${hr._id}`)).json()).toEqual({ result: true });
    expect((await call(h, ws.admin, 'PUT', `/api/service_group/${hr._id}`, { name: 'X' })).statusCode).toBe(404);
    const empty = await call(h, ws.admin, 'POST', '/api/service_group', { name: '  ' });
    expect(empty.json()).toMatchObject({
      code: 'service_group_name_required',
      fields: { name: 'service_group_name_required' },
    });
  });

  it('leaves groups to administrators', async () => {
    const ws = await makeWorkspace(h);
    const g = await group(ws);
    expect((await call(h, ws.employee, 'POST', '/api/service_group', { name: 'Mine' })).statusCode).toBe(403);
    expect((await call(h, ws.employee, 'PUT', `/api/service_group/${g._id}`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await call(h, ws.employee, 'DELETE', `/api/service_group/${g._id}`)).statusCode).toBe(403);
    // Employees do not see groups without services they may request.
    expect((await catalogue(ws, ws.employee)).result).toEqual([]);
  });
});

describe('the designer', () => {
  let ws: TestWorkspace;
  let g: { _id: string };
  beforeAll(async () => {
    ws = await makeWorkspace(h);
    g = await group(ws);
  });

  it('creates a simple service and shows it in the catalogue with the form', async () => {
    const service = await create(ws, g._id, { days_limit: 3 });
    expect(service).toMatchObject({
      template: true,
      name: 'New laptop',
      type: 'simple',
      group: { _id: g._id, name: 'IT' },
      days_limit: 3,
      for_all: true,
      active: true,
      steps_count: 1,
      requests: { active: 0, total: 0 },
      can: { request: true, edit: true, owners: true, delete: true, table: true },
    });
    expect(service.fields).toEqual([
      { key: 'model', name: 'Model', type: 'select', required: true, options: ['Mac', 'ThinkPad'] },
      { key: 'why', name: 'Why', type: 'text', required: false, options: [] },
    ]);
    expect(service.steps[0]).toMatchObject({
      name: 'Handling',
      review: false,
      performers: [{ kind: 'person', user: { _id: ws.admin.id, name: 'Ada Admin' }, department: null }],
    });
    const seen = await catalogue(ws, ws.employee);
    expect(seen.can).toEqual({ create_group: false, create_service: false, settings: false });
    const item = seen.result[0].services.find((s: { _id: string }) => s._id === service._id);
    expect(item).toMatchObject({ can: { request: true, edit: false, table: false }, fields: service.fields });
    const one = await call(h, ws.employee, 'GET', `/api/bp/${service._id}`);
    expect(one.json().result).toMatchObject({ template: true, grants: [], requests: { total: 0 } });
    expect((await call(h, ws.admin, 'GET', `/api/bp/${service._id}`)).json().result.can.edit).toBe(true);
    const searched = await catalogue(ws, ws.employee, '?search=LAPTOP');
    expect(searched.result[0].services.length).toBeGreaterThan(0);
    expect((await catalogue(ws, ws.employee, '?search=nothing-like-it')).result).toEqual([]);
  });

  it('gives keys to fields and refuses two fields with one key', async () => {
    const service = await create(ws, g._id, { fields: [{ name: 'Model', type: 'string' }] });
    expect(service.fields[0].key).toMatch(/^[A-Za-z0-9_-]+$/);
    const twice = await call(
      h,
      ws.admin,
      'POST',
      '/api/bp',
      body(ws, g._id, {
        fields: [
          { key: 'a', name: 'A', type: 'string' },
          { key: 'a', name: 'B', type: 'string' },
        ],
      }),
    );
    expect(twice.json()).toMatchObject({
      code: 'service_field_key_duplicate',
      fields: { 'fields.1.key': 'service_field_key_duplicate' },
    });
  });

  it('shows a service with an audience only to it; its owner designs it', async () => {
    const owner = await makeUser(h, ws.id, { firstName: 'Olga', lastName: 'Owner' });
    const outsider = await makeUser(h, ws.id, { firstName: 'Oscar', lastName: 'Outside' });
    const service = await create(ws, g._id, {
      name: 'Payroll change',
      for_all: false,
      grants: [{ audience: 'manual', values: [ws.employee.id], level: 'read' }],
      owners: [owner.id],
    });
    expect(service.owners.map((o: { _id: string }) => o._id)).toEqual([owner.id]);
    const names = async (who: TestUser) =>
      (await catalogue(ws, who)).result.flatMap((x: { services: { name: string }[] }) => x.services.map((s) => s.name));
    expect(await names(ws.employee)).toContain('Payroll change');
    expect(await names(outsider)).not.toContain('Payroll change');
    // The owner manages it though the audience leaves them out; the outsider does not learn it exists.
    expect(await names(owner)).toContain('Payroll change');
    const hidden = await call(h, outsider, 'GET', `/api/bp/${service._id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('service_not_found');
    const own = await call(h, owner, 'GET', `/api/bp/${service._id}`);
    expect(own.json().result).toMatchObject({ can: { request: false, edit: true, owners: false, table: true } });
    expect(own.json().result.grants).toHaveLength(1);
    expect((await templates(ws, owner)).result.map((s: { _id: string }) => s._id)).toEqual([service._id]);
    // An owner edits the service but not its owners.
    const renamed = await call(h, owner, 'PUT', `/api/bp/${service._id}`, { name: 'Payroll changes' });
    expect(renamed.json().result.name).toBe('Payroll changes');
    expect((await call(h, owner, 'PUT', `/api/bp/${service._id}`, { owners: [] })).statusCode).toBe(403);
    // Employees neither create services nor change others'.
    expect((await call(h, ws.employee, 'POST', '/api/bp', body(ws, g._id))).statusCode).toBe(403);
    expect((await call(h, ws.employee, 'PUT', `/api/bp/${service._id}`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await call(h, ws.employee, 'DELETE', `/api/bp/${service._id}`)).statusCode).toBe(403);
    expect((await templates(ws, ws.employee)).result).toEqual([]);
  });

  it('switches a service off: out of the catalogue, still in the designer', async () => {
    const service = await create(ws, g._id, { name: 'Parking permit' });
    const off = await call(h, ws.admin, 'PUT', `/api/bp/${service._id}`, { active: false });
    expect(off.json().result).toMatchObject({ active: false, can: { request: false } });
    const names = (await catalogue(ws, ws.employee)).result.flatMap((x: { services: { name: string }[] }) =>
      x.services.map((s) => s.name),
    );
    expect(names).not.toContain('Parking permit');
    expect((await call(h, ws.employee, 'GET', `/api/bp/${service._id}`)).statusCode).toBe(404);
    expect((await templates(ws)).result.map((s: { name: string }) => s.name)).toContain('Parking permit');
  });

  it('adds, changes, moves and deletes steps of a multi-step service; converts between the types', async () => {
    const service = await create(ws, g._id, { name: 'Business trip' });
    const simpleAdd = await call(h, ws.admin, 'POST', `/api/bp/${service._id}/step`, {
      name: 'Finance',
      people: [ws.admin.id],
    });
    expect(simpleAdd.json().code).toBe('service_simple_one_step');
    const multi = await call(h, ws.admin, 'POST', `/api/bp/convert/${service._id}`, { type: 'multi' });
    expect(multi.json().result.type).toBe('multi');
    const added = await call(h, ws.admin, 'POST', `/api/bp/${service._id}/step`, {
      name: 'Chief',
      chief: true,
      position: 0,
    });
    expect(added.statusCode, added.body).toBe(200);
    const steps = added.json().result.steps;
    expect(steps.map((s: { name: string }) => s.name)).toEqual(['Chief', 'Handling']);
    expect(steps[0].performers).toEqual([{ kind: 'chief', user: null, department: null, head: null }]);
    const review = await call(h, ws.admin, 'PUT', `/api/bp/${service._id}/step`, {
      _id: steps[1]._id,
      review: true,
      fields: [{ name: 'Booking number', type: 'string' }],
      position: 0,
    });
    expect(review.json().result.steps.map((s: { name: string; review: boolean }) => [s.name, s.review])).toEqual([
      ['Handling', true],
      ['Chief', false],
    ]);
    const back = await call(h, ws.admin, 'POST', `/api/bp/convert/${service._id}`, { type: 'simple' });
    expect(back.json()).toMatchObject({ code: 'service_not_convertible', fields: { type: 'service_not_convertible' } });
    const removed = await call(h, ws.admin, 'DELETE', `/api/bp/${service._id}/step/${steps[1]._id}`);
    expect(removed.json().result.steps.map((s: { name: string }) => s.name)).toEqual(['Chief']);
    const last = await call(h, ws.admin, 'DELETE', `/api/bp/${service._id}/step/${steps[0]._id}`);
    expect(last.json()).toMatchObject({ code: 'service_steps_required' });
    expect((await call(h, ws.admin, 'POST', `/api/bp/convert/${service._id}`, { type: 'simple' })).statusCode).toBe(
      200,
    );
    const unknown = await call(h, ws.admin, 'DELETE', `/api/bp/${service._id}/step/${crypto.randomUUID()}`);
    expect(unknown.json().code).toBe('service_step_not_found');
  });

  it('names the head of a department as a performer, and the department responsible', async () => {
    const id = await department(ws, 'Facilities', ws.admin.id);
    const service = await create(ws, g._id, {
      name: 'Desk move',
      type: 'multi',
      department_id: id,
      steps: [{ name: 'Facilities', departments: [id] }],
    });
    expect(service.department).toEqual({ _id: id, name: 'Facilities' });
    expect(service.steps[0].performers[0]).toMatchObject({
      kind: 'department_head',
      department: { _id: id, name: 'Facilities' },
      head: { _id: ws.admin.id },
    });
  });

  it('deletes a service with its audience', async () => {
    const service = await create(ws, g._id, {
      name: 'Gone soon',
      for_all: false,
      grants: [{ audience: 'all', level: 'read' }],
    });
    expect((await call(h, ws.admin, 'DELETE', `/api/bp/${service._id}`)).json()).toEqual({ result: true });
    expect((await call(h, ws.admin, 'GET', `/api/bp/${service._id}`)).statusCode).toBe(404);
    const { rows } = await h.platform.database.query(
      "SELECT count(*)::int AS n FROM audience_grants WHERE object_kind = 'service' AND object_id = $1",
      [service._id],
    );
    expect(rows[0].n).toBe(0);
  });
});

describe('the rules of a service (§5), each with its code, nothing saved', () => {
  let ws: TestWorkspace;
  let g: { _id: string };
  beforeAll(async () => {
    ws = await makeWorkspace(h);
    g = await group(ws);
  });
  const people = (n: number) => Array.from({ length: n }, () => crypto.randomUUID());
  const step = (i: number) => ({ name: `Step ${i}`, chief: true });
  const cases: [string, (ws: TestWorkspace) => Record<string, unknown>, string, string, number?][] = [
    ['no name', () => ({ name: ' ' }), 'service_name_required', 'name'],
    ['no description', () => ({ description: '' }), 'service_description_required', 'description'],
    ['no group', () => ({ group: null }), 'service_group_required', 'group'],
    ['no steps', () => ({ steps: [] }), 'service_steps_required', 'steps'],
    [
      '6 steps',
      () => ({ type: 'multi', steps: Array.from({ length: 6 }, (_, i) => step(i)) }),
      'service_too_many_steps',
      'steps',
      5,
    ],
    [
      '11 fields',
      () => ({ fields: Array.from({ length: 11 }, (_, i) => ({ name: `Field ${i}`, type: 'string' })) }),
      'service_too_many_fields',
      'fields',
      10,
    ],
    [
      'a step with 6 performers',
      (w) => ({ steps: [{ name: 'Handling', people: [w.admin.id, w.employee.id, ...people(3)], chief: true }] }),
      'service_too_many_performers',
      'steps.0.people',
      5,
    ],
    [
      'a 51-character field name',
      () => ({ fields: [{ name: 'x'.repeat(51), type: 'string' }] }),
      'service_field_name_too_long',
      'fields.0.name',
      50,
    ],
    [
      'a field without a name',
      () => ({ fields: [{ name: '', type: 'string' }] }),
      'service_field_name_required',
      'fields.0.name',
    ],
    [
      'a step field of 51 characters',
      (w) => ({
        type: 'multi',
        steps: [{ name: 'Handling', people: [w.admin.id], fields: [{ name: 'y'.repeat(51), type: 'number' }] }],
      }),
      'service_field_name_too_long',
      'steps.0.fields.0.name',
      50,
    ],
    [
      'a select without options',
      () => ({ fields: [{ name: 'Size', type: 'select' }] }),
      'service_options_required',
      'fields.0.options',
    ],
    [
      'a step without performers',
      () => ({ steps: [{ name: 'Handling' }] }),
      'service_step_performers_required',
      'steps.0.people',
    ],
    [
      'a step without a name',
      (w) => ({ steps: [{ name: '', people: [w.admin.id] }] }),
      'service_step_name_required',
      'steps.0.name',
    ],
    [
      'a performer twice',
      (w) => ({ steps: [{ name: 'Handling', people: [w.admin.id, w.admin.id] }] }),
      'service_performer_duplicate',
      'steps.0.people.1',
    ],
    [
      'a stranger as performer',
      () => ({ steps: [{ name: 'Handling', people: people(1) }] }),
      'service_performer_invalid',
      'steps.0.people.0',
    ],
    [
      'a simple service with two steps',
      (w) => ({ steps: [step(1), { name: 'Two', people: [w.admin.id] }] }),
      'service_simple_one_step',
      'steps',
    ],
    [
      'a simple service with a review step',
      () => ({ steps: [{ ...step(1), review: true }] }),
      'service_simple_one_step',
      'steps',
    ],
  ];
  for (const [what, extra, code, field, max] of cases) {
    it(`refuses ${what}: 400 ${code}`, async () => {
      const res = await call(h, ws.admin, 'POST', '/api/bp', body(ws, g._id, extra(ws)), { 'accept-language': 'uk' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code, fields: { [field]: code } });
      if (max) expect(res.json().params).toEqual({ max });
      expect((await templates(ws)).result).toEqual([]);
    });
  }

  it('answers in the person’s language', async () => {
    const ru = await call(h, ws.admin, 'POST', '/api/bp', body(ws, g._id, { name: '' }), { 'accept-language': 'ru' });
    expect(ru.json().code).toBe('service_name_required');
    expect(ru.json().message).toBe('Give the service a name');
  });

  it('refuses ids of nothing in this workspace: a group, a department, an owner, an article', async () => {
    const other = await makeWorkspace(h);
    const foreign = await group(other);
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ group: foreign._id }, 404, 'service_group_not_found', 'group'],
      [{ department_id: crypto.randomUUID() }, 404, 'department_not_found', 'department_id'],
      [{ owners: [other.admin.id] }, 400, 'user_not_found', 'owners'],
      [{ article_id: crypto.randomUUID() }, 404, 'service_article_not_found', 'article_id'],
      [
        { type: 'multi', steps: [{ name: 'X', departments: [crypto.randomUUID()] }] },
        400,
        'service_performer_invalid',
        'steps.0.departments.0',
      ],
    ];
    for (const [extra, status, code, field] of cases) {
      const res = await call(h, ws.admin, 'POST', '/api/bp', body(ws, g._id, extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(status);
      expect(res.json()).toMatchObject({ code, fields: { [field]: code } });
    }
    expect((await templates(ws)).result).toEqual([]);
  });

  it('checks a change as a whole service and a step change as a whole step', async () => {
    const service = await create(ws, g._id, { type: 'multi', name: 'Kept' });
    const emptied = await call(h, ws.admin, 'PUT', `/api/bp/${service._id}`, { description: ' ' });
    expect(emptied.json().code).toBe('service_description_required');
    const tooMany = await call(h, ws.admin, 'PUT', `/api/bp/${service._id}/step`, {
      _id: service.steps[0]._id,
      people: [ws.admin.id, ws.employee.id, ...people(4)],
    });
    expect(tooMany.json()).toMatchObject({
      code: 'service_too_many_performers',
      fields: { people: 'service_too_many_performers' },
    });
    for (let i = 0; i < 4; i++) {
      const res = await call(h, ws.admin, 'POST', `/api/bp/${service._id}/step`, step(i));
      expect(res.statusCode, res.body).toBe(200);
    }
    const sixth = await call(h, ws.admin, 'POST', `/api/bp/${service._id}/step`, step(6));
    expect(sixth.json()).toMatchObject({ code: 'service_too_many_steps', params: { max: 5 } });
    const kept = (await call(h, ws.admin, 'GET', `/api/bp/${service._id}`)).json().result;
    expect(kept).toMatchObject({ description: 'A laptop set up for you', steps_count: 5 });
    expect(kept.steps[0].performers).toHaveLength(1);
    await call(h, ws.admin, 'DELETE', `/api/bp/${service._id}`);
  });
});

describe('access', () => {
  it('answers 404 to the other workspace and 403 without the right or the feature', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const g = await group(ws);
    const service = await create(ws, g._id);
    for (const [method, url] of [
      ['GET', `/api/bp/${service._id}`],
      ['PUT', `/api/bp/${service._id}`],
      ['DELETE', `/api/bp/${service._id}`],
      ['POST', `/api/bp/convert/${service._id}`],
      ['POST', `/api/bp/${service._id}/step`],
      ['GET', `/api/bp/${service._id}/excel`],
    ] as const) {
      const payload =
        method === 'POST' && url.includes('convert') ? { type: 'multi' } : method === 'POST' ? step() : undefined;
      const res = await call(h, other.admin, method, url, method === 'PUT' ? {} : payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('service_not_found');
    }
    expect((await call(h, other.admin, 'PUT', `/api/service_group/${g._id}`, { name: 'X' })).json().code).toBe(
      'service_group_not_found',
    );
    expect((await call(h, other.admin, 'GET', `/api/service_group/byClient/${ws.id}`)).statusCode).toBe(403);
    expect((await call(h, other.admin, 'GET', `/api/bp/tmpls/${ws.id}`)).statusCode).toBe(403);

    const noRight = await makeUser(h, ws.id, { rights: { services: false } });
    const list = await catalogue(ws, noRight);
    expect(list.result).toEqual([]);
    expect((await call(h, noRight, 'GET', `/api/bp/${service._id}`)).statusCode).toBe(404);

    await h.platform.database.query(
      `UPDATE clients SET features = (SELECT jsonb_agg(CASE WHEN f->>'code' = 'services'
         THEN jsonb_set(f, '{active}', 'false') ELSE f END) FROM jsonb_array_elements(features) f) WHERE id = $1`,
      [ws.id],
    );
    const off = await call(h, ws.admin, 'GET', `/api/service_group/byClient/${ws.id}`);
    expect(off.statusCode).toBe(403);
    expect(off.json().code).toBe('feature_disabled');
  });
});

function step(i = 0) {
  return { name: `Step ${i}`, chief: true };
}
