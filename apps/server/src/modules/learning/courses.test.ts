import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createHarness,
  type Harness,
  makeUser,
  makeWorkspace,
  ok,
  type TestUser,
  type TestWorkspace,
} from '../../test/harness.js';
import { multipartFile } from '../../test/isolation/registry.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

async function upload(who: TestUser, name: string) {
  const body = multipartFile(name, 'text/plain', Buffer.from('slides'));
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { authorization: `Bearer ${who.token}`, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results[0].file._id as string;
}

async function course(ws: TestWorkspace, title = 'Onboarding') {
  return (await ok(await call(h, ws.admin, 'POST', '/api/courses', { title, description: 'First days' }))).result;
}
async function lesson(ws: TestWorkspace, courseId: string, title = 'Lesson') {
  return (await ok(await call(h, ws.admin, 'POST', `/api/courses/${courseId}/lessons`, { title, doc: doc(title) })))
    .result;
}
const setStatus = async (ws: TestWorkspace, id: string, status: string) =>
  (await ok(await call(h, ws.admin, 'PUT', `/api/courses/${id}`, { status }))).result;

describe('courses', () => {
  it('creates a draft, validates the title, changes it, and refuses publishing an empty course', async () => {
    const ws = await makeWorkspace(h);
    const created = await course(ws);
    expect(created).toMatchObject({
      title: 'Onboarding',
      description: 'First days',
      status: 'draft',
      lessons: 0,
      tests: 0,
      members: 0,
      my: null,
      items: [],
      author: { _id: ws.admin.id },
      can: { edit: true, delete: true, members: true, join: false, learn: false },
    });
    const noTitle = await call(h, ws.admin, 'POST', '/api/courses', { title: '  ' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().fields).toMatchObject({ title: 'course_title_required' });
    const long = await call(h, ws.admin, 'POST', '/api/courses', { title: 'x'.repeat(201) });
    expect(long.json().fields).toMatchObject({ title: 'too_long' });
    const badStatus = await call(h, ws.admin, 'PUT', `/api/courses/${created._id}`, { status: 'open' });
    expect(badStatus.json().fields).toMatchObject({ status: 'course_status_invalid' });

    const empty = await call(h, ws.admin, 'PUT', `/api/courses/${created._id}`, { status: 'published' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('course_empty');
    const renamed = (
      await ok(await call(h, ws.admin, 'PUT', `/api/courses/${created._id}`, { title: 'Welcome', description: '' }))
    ).result;
    expect(renamed).toMatchObject({ title: 'Welcome', description: '', status: 'draft' });
    await lesson(ws, created._id);
    expect(await setStatus(ws, created._id, 'published')).toMatchObject({ status: 'published', lessons: 1 });

    // An employee is not a manager: no creating, no changing.
    expect((await call(h, ws.employee, 'POST', '/api/courses', { title: 'Mine' })).statusCode).toBe(403);
    expect((await call(h, ws.employee, 'PUT', `/api/courses/${created._id}`, { title: 'Mine' })).statusCode).toBe(403);
    // Without the right, nothing at all.
    const noRight = await makeUser(h, ws.id, { rights: { lms: false } });
    expect((await call(h, noRight, 'GET', '/api/courses')).statusCode).toBe(403);
    expect((await call(h, noRight, 'GET', `/api/courses/${created._id}`)).statusCode).toBe(403);
  });

  it('shows drafts to managers only, published courses to everyone, appointed ones to their members', async () => {
    const ws = await makeWorkspace(h);
    const draft = await course(ws, 'Draft course');
    const published = await course(ws, 'Published course');
    await lesson(ws, published._id);
    await setStatus(ws, published._id, 'published');
    const appointed = await course(ws, 'Appointed course');
    await lesson(ws, appointed._id);
    await setStatus(ws, appointed._id, 'appointed');
    const member = await makeUser(h, ws.id, { firstName: 'Mia', lastName: 'Member' });
    await ok(await call(h, ws.admin, 'POST', `/api/courses/${appointed._id}/members`, { empl: [member.id] }));

    expect((await call(h, ws.employee, 'GET', `/api/courses/${draft._id}`)).json().code).toBe('course_not_found');
    expect((await call(h, ws.employee, 'GET', `/api/courses/${appointed._id}`)).statusCode).toBe(404);
    const seen = (await ok(await call(h, ws.employee, 'GET', `/api/courses/${published._id}`))).result;
    expect(seen).toMatchObject({ my: null, can: { edit: false, join: true, learn: false } });
    expect(seen.items).toHaveLength(1);
    const mine = (await ok(await call(h, member, 'GET', `/api/courses/${appointed._id}`))).result;
    expect(mine).toMatchObject({ my: { status: 'not_started', percent: 0 }, can: { learn: true, join: false } });

    const titles = async (who: typeof ws.admin, query: string) =>
      (await ok(await call(h, who, 'GET', `/api/courses?${query}`))).result.map((c: { title: string }) => c.title);
    expect(await titles(ws.admin, 'list=all')).toEqual(['Appointed course', 'Published course', 'Draft course']);
    expect(await titles(ws.employee, 'list=all')).toEqual(['Published course']);
    expect(await titles(member, 'list=all')).toEqual(['Appointed course', 'Published course']);
    expect(await titles(member, 'list=learning')).toEqual(['Appointed course']);
    expect(await titles(ws.employee, 'list=manage')).toEqual([]);
    expect(await titles(ws.admin, 'list=manage&status=draft')).toEqual(['Draft course']);
    expect(await titles(ws.admin, 'search=PUBLISH')).toEqual(['Published course']);
    expect(await titles(ws.admin, 'search=100%25')).toEqual([]);
    const page = await ok(await call(h, ws.admin, 'GET', '/api/courses?limit=1&offset=1'));
    expect(page.total).toBe(3);
    expect(page.result.map((c: { title: string }) => c.title)).toEqual(['Published course']);
    const counts = (await ok(await call(h, ws.admin, 'GET', '/api/courses?search=Appointed'))).result[0];
    expect(counts).toMatchObject({ lessons: 1, tests: 0, members: 1 });

    // Another workspace's course is not found, whoever asks.
    const other = await makeWorkspace(h);
    expect((await call(h, other.admin, 'GET', `/api/courses/${published._id}`)).statusCode).toBe(404);
    expect((await call(h, other.admin, 'PUT', `/api/courses/${published._id}`, { title: 'x' })).statusCode).toBe(404);
    expect((await call(h, other.admin, 'DELETE', `/api/courses/${published._id}`)).statusCode).toBe(404);
    expect((await ok(await call(h, other.admin, 'GET', '/api/courses'))).total).toBe(0);
  });

  it('orders lessons, refusing an order that misses or repeats one', async () => {
    const ws = await makeWorkspace(h);
    const c = await course(ws);
    const a = await lesson(ws, c._id, 'A');
    const b = await lesson(ws, c._id, 'B');
    const l3 = await lesson(ws, c._id, 'C');
    const first = (await ok(await call(h, ws.admin, 'GET', `/api/courses/${c._id}/lessons/${a._id}`))).result;
    expect(first).toMatchObject({ prev: null, next: { type: 'lesson', _id: b._id, title: 'B' } });
    const order = [l3, a, b].map((l) => ({ type: 'lesson', _id: l._id }));
    const ordered = (await ok(await call(h, ws.admin, 'PUT', `/api/courses/${c._id}/order`, { items: order }))).result;
    expect(ordered.items.map((i: { title: string }) => i.title)).toEqual(['C', 'A', 'B']);
    const middle = (await ok(await call(h, ws.admin, 'GET', `/api/courses/${c._id}/lessons/${a._id}`))).result;
    expect(middle).toMatchObject({ prev: { _id: l3._id }, next: { _id: b._id }, learned: false });

    for (const items of [order.slice(0, 2), [...order, order[0]], [order[0], order[1], { type: 'test', _id: b._id }]]) {
      const refused = await call(h, ws.admin, 'PUT', `/api/courses/${c._id}/order`, { items });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('course_order_invalid');
    }
    expect((await call(h, ws.employee, 'PUT', `/api/courses/${c._id}/order`, { items: order })).statusCode).toBe(404);
  });

  it('keeps lessons: created with files, changed, deleted; refuses unknown files and other courses’ lessons', async () => {
    const ws = await makeWorkspace(h);
    const c = await course(ws);
    const other = await course(ws, 'Other');
    const noTitle = await call(h, ws.admin, 'POST', `/api/courses/${c._id}/lessons`, { title: '', doc: doc('x') });
    expect(noTitle.json().fields).toMatchObject({ title: 'lesson_title_required' });
    const foreign = await makeWorkspace(h);
    const foreignFile = await upload(foreign.admin, 'a.txt');
    const ownFile = await upload(ws.admin, 'slides.txt');
    const strange = await call(h, ws.admin, 'POST', `/api/courses/${c._id}/lessons`, {
      title: 'With a file',
      doc: doc('x'),
      files: [foreignFile],
    });
    expect(strange.statusCode).toBe(404);
    const withFile = (
      await ok(
        await call(h, ws.admin, 'POST', `/api/courses/${c._id}/lessons`, {
          title: 'With a file',
          doc: doc('x'),
          files: [ownFile],
        }),
      )
    ).result;
    expect(withFile.files).toMatchObject([{ _id: ownFile, name: 'slides.txt' }]);
    const l = await lesson(ws, c._id, 'Intro');
    const changed = (
      await ok(
        await call(h, ws.admin, 'PUT', `/api/courses/${c._id}/lessons/${l._id}`, { title: 'Intro 2', doc: doc('y') }),
      )
    ).result;
    expect(changed).toMatchObject({ title: 'Intro 2', doc: doc('y'), files: [], can: { edit: true, learn: false } });
    expect((await call(h, ws.admin, 'GET', `/api/courses/${other._id}/lessons/${l._id}`)).json().code).toBe(
      'lesson_not_found',
    );
    expect((await call(h, ws.employee, 'GET', `/api/courses/${c._id}/lessons/${l._id}`)).statusCode).toBe(404);
    await ok(await call(h, ws.admin, 'DELETE', `/api/courses/${c._id}/lessons/${l._id}`));
    expect((await call(h, ws.admin, 'GET', `/api/courses/${c._id}/lessons/${l._id}`)).statusCode).toBe(404);
  });

  it('lets people join a published course, and deletes a course only while nobody started it', async () => {
    const ws = await makeWorkspace(h);
    const c = await course(ws);
    const l = await lesson(ws, c._id);
    const draftJoin = await call(h, ws.admin, 'POST', `/api/courses/${c._id}/join`);
    expect(draftJoin.json().code).toBe('course_not_joinable');
    await setStatus(ws, c._id, 'published');
    const joined = (await ok(await call(h, ws.employee, 'POST', `/api/courses/${c._id}/join`))).result;
    expect(joined).toMatchObject({ my: { status: 'not_started', due: null }, can: { join: false, learn: true } });
    expect((await call(h, ws.employee, 'POST', `/api/courses/${c._id}/join`)).statusCode).toBe(409);
    expect((await call(h, ws.employee, 'DELETE', `/api/courses/${c._id}`)).statusCode).toBe(403);
    await ok(await call(h, ws.employee, 'PUT', '/api/course_progress/learn', { course_id: c._id, lesson_id: l._id }));
    const started = (await ok(await call(h, ws.admin, 'GET', `/api/courses/${c._id}`))).result;
    expect(started.can.delete).toBe(false);
    const refused = await call(h, ws.admin, 'DELETE', `/api/courses/${c._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('course_has_learners');
    const spare = await course(ws, 'Spare');
    await ok(await call(h, ws.admin, 'DELETE', `/api/courses/${spare._id}`));
    expect((await call(h, ws.admin, 'GET', `/api/courses/${spare._id}`)).statusCode).toBe(404);
  });
});

describe('LMS administrators', () => {
  it('are named by administrators, read by everyone with the right, and manage courses', async () => {
    const ws = await makeWorkspace(h);
    const url = `/api/clients/${ws.id}/settings/admins/lms`;
    expect((await ok(await call(h, ws.employee, 'GET', url))).result).toEqual({ admins: [], can: { edit: false } });
    expect((await call(h, ws.employee, 'PUT', url, { admins: [ws.employee.id] })).statusCode).toBe(403);
    expect((await call(h, ws.employee, 'POST', '/api/courses', { title: 'Mine' })).statusCode).toBe(403);
    const before = await ok(await call(h, ws.employee, 'GET', '/api/courses'));
    expect(before.can).toEqual({ create: false, analytics: false, settings: false });
    const saved = (await ok(await call(h, ws.admin, 'PUT', url, { admins: [ws.employee.id] }))).result;
    expect(saved).toMatchObject({ admins: [{ _id: ws.employee.id, name: 'Eve Employee' }], can: { edit: true } });
    expect((await ok(await call(h, ws.employee, 'GET', url))).result.admins).toHaveLength(1);
    const created = (await ok(await call(h, ws.employee, 'POST', '/api/courses', { title: 'Mine' }))).result;
    expect(created.can).toMatchObject({ edit: true, members: true });
    const managed = await ok(await call(h, ws.employee, 'GET', '/api/courses?list=manage'));
    expect(managed.total).toBe(1);
    expect(managed.can).toEqual({ create: true, analytics: true, settings: false });
    expect((await ok(await call(h, ws.admin, 'GET', '/api/courses'))).can.settings).toBe(true);

    const other = await makeWorkspace(h);
    const stranger = await call(h, ws.admin, 'PUT', url, { admins: [other.employee.id] });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().fields).toMatchObject({ admins: 'user_not_found' });
    expect((await call(h, other.admin, 'GET', url)).statusCode).toBe(403);
    expect((await call(h, other.admin, 'PUT', url, { admins: [] })).statusCode).toBe(403);
    const noRight = await makeUser(h, ws.id, { rights: { lms: false } });
    expect((await call(h, noRight, 'GET', url)).statusCode).toBe(403);
  });
});
