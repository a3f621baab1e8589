import { beforeAll, describe, expect, it } from 'vitest';
import { inSystem } from '../../platform/db/tenant.js';
import { type Harness, makeUser, makeWorkspace, type TestUser, type TestWorkspace } from '../../test/harness.js';
import { next, record, useLiveServer } from '../../test/live.js';
import { follows } from '../users/tables.js';

const live = useLiveServer();
const { online, http } = live;
let h: Harness;
beforeAll(() => {
  h = live.h;
});

const post = async (user: TestUser, body: Record<string, unknown>) => {
  const res = await http(user, 'POST', '/api/post', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result._id as string;
};
const unseen = async (user: TestUser, where: 'company' | 'user_feed' = 'company') => {
  const res = await http(user, 'GET', `/api/post/unseen?where=${where}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { where: string; count: number };
};
const view = (user: TestUser, id: string, where = 'company') =>
  http(user, 'PUT', `/api/post/${id}/view`, { user_id: user.id, where });
const markAll = (user: TestUser, where: 'company' | 'user_feed' = 'company') =>
  http(user, 'PUT', '/api/post/all/view', { user_id: user.id, where });

async function follow(ws: TestWorkspace, follower: TestUser, ...people: TestUser[]) {
  await inSystem(h.platform.database, (tx) =>
    tx.insert(follows).values(people.map((p) => ({ clientId: ws.id, followerId: follower.id, userId: p.id }))),
  );
}

describe('GET /api/post/unseen', () => {
  it("counts others' company posts the person has not viewed; a view and 'mark all' bring it down", async () => {
    const ws = await makeWorkspace(h);
    expect(await unseen(ws.employee)).toEqual({ where: 'company', count: 0 });
    const a = await post(ws.admin, { text: 'one' });
    await post(ws.admin, { text: 'two' });
    await post(ws.admin, { text: 'three' });
    // The person's own posts are never "new" to them, and feed posts are not in the company feed.
    await post(ws.employee, { text: 'mine' });
    await post(ws.admin, { text: 'on a feed', parent: { type: 'feed' } });
    expect((await unseen(ws.employee)).count).toBe(3);
    // Every feed item says whether the caller has seen it.
    const feed = await http(ws.employee, 'GET', `/api/post/news/${ws.id}/0`);
    expect(feed.body.result.map((p: { viewed: boolean }) => p.viewed)).toEqual([false, false, false, false]);

    await view(ws.employee, a);
    await view(ws.employee, a, 'post');
    expect((await unseen(ws.employee)).count).toBe(2);
    // Someone else's view changes nothing for the person.
    expect((await unseen(ws.admin)).count).toBe(1);

    expect((await markAll(ws.employee)).status).toBe(200);
    expect((await unseen(ws.employee)).count).toBe(0);
    const after = await http(ws.employee, 'GET', `/api/post/news/${ws.id}/0`);
    const byText = Object.fromEntries(
      after.body.result.map((p: { text: string; viewed: boolean }) => [p.text, p.viewed]),
    );
    expect(byText).toMatchObject({ one: true, two: true, three: true });
  });

  it("counts the person's own feed: followed people's posts, not the company's", async () => {
    const ws = await makeWorkspace(h);
    const fred = await makeUser(h, ws.id, { firstName: 'Fred' });
    await follow(ws, ws.employee, fred);
    await post(fred, { text: 'Fred on his feed', parent: { type: 'feed' } });
    await post(ws.admin, { text: 'Company news' });
    await post(ws.admin, { text: 'Admin on a feed nobody follows', parent: { type: 'feed' } });
    expect(await unseen(ws.employee, 'user_feed')).toEqual({ where: 'user_feed', count: 1 });
    await markAll(ws.employee, 'user_feed');
    expect((await unseen(ws.employee, 'user_feed')).count).toBe(0);
    expect((await unseen(ws.employee, 'company')).count).toBe(1);
  });

  it("knows nothing of another workspace's posts", async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    await post(other.admin, { text: 'elsewhere' });
    expect((await unseen(ws.employee)).count).toBe(0);
    const refused = await http(ws.employee, 'GET', '/api/post/unseen?where=everything');
    expect(refused.status).toBe(400);
  });
});

describe('realtime post.viewed', () => {
  it("tells the person's other tabs what they viewed, and nobody else", async () => {
    const ws = await makeWorkspace(h);
    const a = await post(ws.admin, { text: 'one' });
    const b = await post(ws.admin, { text: 'two' });
    const otherTab = await online(ws, ws.employee);
    const colleague = await online(ws, ws.admin);
    const leaked = record(colleague, 'post.viewed');

    const single = next(otherTab, 'post.viewed');
    await view(ws.employee, a);
    expect(await single).toEqual({ postIds: [a], where: 'company', all: false });

    // A repeated view counts nothing and announces nothing: the next event is the bulk one.
    await view(ws.employee, a);
    const bulk = next(otherTab, 'post.viewed');
    await markAll(ws.employee);
    expect(await bulk).toEqual({ postIds: [b], where: 'company', all: true });

    // The colleague's own view reaches the colleague's sockets alone; before it, nothing of the employee's arrived.
    const own = next(colleague, 'post.viewed');
    await view(ws.admin, a);
    expect(await own).toMatchObject({ postIds: [a] });
    expect(leaked).toHaveLength(1);
  });
});
