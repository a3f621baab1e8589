import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSystem } from '../../platform/db/tenant.js';
import { call, createHarness, type Harness, makeUser, makeWorkspace, type TestUser } from '../../test/harness.js';
import { follows } from '../users/tables.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const post = async (user: TestUser, body: Record<string, unknown>) => {
  const res = await call(h, user, 'POST', '/api/post', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result._id as string;
};
const view = (user: TestUser, id: string, where = 'company', userId = user.id) =>
  call(h, user, 'PUT', `/api/post/${id}/view`, { user_id: userId, where });

describe('PUT /api/post/{id}/view', () => {
  it('adds a view only once per person and answers view, post_id, where', async () => {
    const ws = await makeWorkspace(h);
    const id = await post(ws.admin, { text: 'Town hall at 4' });
    const first = await view(ws.employee, id, 'company');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      view: { user_id: ws.employee.id, where: 'company' },
      post_id: id,
      where: 'company',
      counted: true,
    });
    const again = await view(ws.employee, id, 'post');
    expect(again.json()).toMatchObject({ post_id: id, where: 'post', counted: false, view: { where: 'company' } });
    expect(again.json().view.time).toBe(first.json().view.time);
    await view(ws.admin, id);
    const shown = (await call(h, ws.employee, 'GET', `/api/post/${id}`)).json().result;
    expect(shown).toMatchObject({ viewsCount: 2, viewed: true });
  });

  it("refuses views for someone else and other workspaces' posts", async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const id = await post(ws.admin, { text: 'Hello' });
    const forOther = await view(ws.employee, id, 'company', ws.admin.id);
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().code).toBe('view_not_own');
    expect((await view(other.employee, id)).statusCode).toBe(404);
  });

  it('shows who viewed the post and when, newest first, paged', async () => {
    const ws = await makeWorkspace(h);
    const carl = await makeUser(h, ws.id, { firstName: 'Carl', lastName: 'Viewer', position: 'Engineer' });
    const id = await post(ws.admin, { text: 'Roadmap' });
    await view(ws.employee, id);
    await view(carl, id, 'user_feed');
    const views = await call(h, ws.admin, 'GET', `/api/post/${id}/views`);
    expect(views.json()).toMatchObject({ total: 2, pages: 1, page: 0 });
    expect(views.json().result).toEqual([
      {
        user: { _id: carl.id, name: 'Carl Viewer', avatar: null, position: 'Engineer' },
        time: expect.any(String),
        where: 'user_feed',
      },
      expect.objectContaining({ user: expect.objectContaining({ _id: ws.employee.id }), where: 'company' }),
    ]);
  });
});

describe('PUT /api/post/all/view', () => {
  it('marks every unviewed post of the company feed and answers notifSec, postIds, userId', async () => {
    const ws = await makeWorkspace(h);
    const a = await post(ws.admin, { text: 'one' });
    const b = await post(ws.admin, { text: 'two' });
    const c = await post(ws.admin, { text: 'three' });
    await post(ws.employee, { text: 'my feed only', parent: { type: 'feed' } });
    await view(ws.employee, b);
    const res = await call(h, ws.employee, 'PUT', '/api/post/all/view', { user_id: ws.employee.id, where: 'company' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ notifSec: 'company', postIds: expect.any(Array), userId: ws.employee.id });
    expect([...res.json().postIds].sort()).toEqual([a, c].sort());
    const again = await call(h, ws.employee, 'PUT', '/api/post/all/view', {
      user_id: ws.employee.id,
      where: 'company',
    });
    expect(again.json().postIds).toEqual([]);
    const feed = (await call(h, ws.employee, 'GET', `/api/post/news/${ws.id}/0`)).json().result;
    expect(feed.every((p: { viewed: boolean; viewsCount: number }) => p.viewed && p.viewsCount === 1)).toBe(true);
  });

  it('marks the user feed, only for oneself', async () => {
    const ws = await makeWorkspace(h);
    const followed = await makeUser(h, ws.id);
    await inSystem(h.platform.database, (tx) =>
      tx.insert(follows).values({ clientId: ws.id, followerId: ws.employee.id, userId: followed.id }),
    );
    const theirs = await post(followed, { text: 'followed feed', parent: { type: 'feed' } });
    await post(followed, { text: 'company post' });
    const res = await call(h, ws.employee, 'PUT', '/api/post/all/view', {
      user_id: ws.employee.id,
      where: 'user_feed',
    });
    expect(res.json()).toEqual({ notifSec: 'user_feed', postIds: [theirs], userId: ws.employee.id });
    const foreign = await call(h, ws.employee, 'PUT', '/api/post/all/view', { user_id: followed.id, where: 'company' });
    expect(foreign.statusCode).toBe(403);
    const bad = await call(h, ws.employee, 'PUT', '/api/post/all/view', { user_id: ws.employee.id, where: 'mars' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('must-read posts', () => {
  it('administrators set the flag; readers acknowledge once; the report shows who did and who did not', async () => {
    const ws = await makeWorkspace(h);
    const late = await makeUser(h, ws.id, { firstName: 'Larry', lastName: 'Late' });
    await makeUser(h, ws.id, { deleted: true });
    const id = await post(ws.employee, { text: 'Fire drill on Monday' });
    expect((await call(h, ws.employee, 'PUT', `/api/post/${id}/must_read`, { mustRead: true })).statusCode).toBe(403);
    const notYet = await call(h, ws.employee, 'PUT', `/api/post/${id}/ack`);
    expect(notYet.json().code).toBe('not_must_read');
    const flagged = await call(h, ws.admin, 'PUT', `/api/post/${id}/must_read`, { mustRead: true });
    expect(flagged.json().result).toMatchObject({ mustRead: true, acknowledged: false, acknowledgedCount: 0 });
    const ack = await call(h, ws.employee, 'PUT', `/api/post/${id}/ack`);
    expect(ack.json().result).toMatchObject({ post_id: id, acknowledged: true });
    const twice = await call(h, ws.employee, 'PUT', `/api/post/${id}/ack`);
    expect(twice.json().result.time).toBe(ack.json().result.time);
    const shown = (await call(h, ws.employee, 'GET', `/api/post/${id}`)).json().result;
    expect(shown).toMatchObject({ mustRead: true, acknowledged: true, acknowledgedCount: 1 });

    const pending = await call(h, ws.admin, 'GET', `/api/post/${id}/read_report`);
    expect(pending.json()).toMatchObject({
      counts: { audience: 3, acknowledged: 1, pending: 2 },
      status: 'pending',
      total: 2,
      pages: 1,
    });
    expect(
      pending
        .json()
        .result.map((e: { user: { _id: string } }) => e.user._id)
        .sort(),
    ).toEqual([ws.admin.id, late.id].sort());
    const done = await call(h, ws.admin, 'GET', `/api/post/${id}/read_report?status=acknowledged`);
    expect(done.json().result).toEqual([
      { user: expect.objectContaining({ _id: ws.employee.id, name: 'Eve Employee' }), time: ack.json().result.time },
    ]);
    // Other employees may not follow the reading; the post's author (here the employee) may.
    expect((await call(h, late, 'GET', `/api/post/${id}/read_report`)).statusCode).toBe(403);
    expect((await call(h, ws.employee, 'GET', `/api/post/${id}/read_report`)).statusCode).toBe(200);
  });
});
