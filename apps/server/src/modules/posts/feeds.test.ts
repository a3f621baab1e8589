import { on } from 'node:events';
import { FEATURES, FEED_PAGE_SIZE, mentionMarkup } from '@hallway/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSystem } from '../../platform/db/tenant.js';
import {
  call,
  createHarness,
  type Harness,
  makeUser,
  makeWorkspace,
  roundTrips,
  type TestUser,
  type TestWorkspace,
} from '../../test/harness.js';
import { clients } from '../clients/tables.js';
import { follows } from '../users/tables.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const post = async (user: TestUser, body: Record<string, unknown>) => {
  const res = await call(h, user, 'POST', '/api/post', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { _id: string; text: string };
};
const get = (user: TestUser, url: string) =>
  call(h, user, 'GET', url).then((r) => ({ status: r.statusCode, ...r.json() }));
const texts = (page: { result: { text: string }[] }) => page.result.map((p) => p.text);

async function follow(ws: TestWorkspace, follower: TestUser, ...people: TestUser[]) {
  await inSystem(h.platform.database, (tx) =>
    tx.insert(follows).values(people.map((p) => ({ clientId: ws.id, followerId: follower.id, userId: p.id }))),
  );
}

describe('GET /api/post/news/{clientId}/{page}', () => {
  it('answers pages of 20, newest first, with pages and total; page N starts at N*20', async () => {
    const ws = await makeWorkspace(h);
    for (let i = 1; i <= 25; i++) await post(ws.employee, { text: `Company news #${i}` });
    await post(ws.employee, { text: 'Only on my feed', parent: { type: 'feed' } });
    const first = await get(ws.admin, `/api/post/news/${ws.id}/0`);
    expect(first).toMatchObject({ status: 200, page: 0, pages: 2, total: 25 });
    expect(first.result).toHaveLength(FEED_PAGE_SIZE);
    expect(texts(first)[0]).toBe('Company news #25');
    expect(texts(first)[19]).toBe('Company news #6');
    const second = await get(ws.admin, `/api/post/news/${ws.id}/1`);
    expect(second).toMatchObject({ page: 1, pages: 2, total: 25 });
    expect(texts(second)).toEqual([
      'Company news #5',
      'Company news #4',
      'Company news #3',
      'Company news #2',
      'Company news #1',
    ]);
    const beyond = await get(ws.admin, `/api/post/news/${ws.id}/2`);
    expect(beyond).toMatchObject({ result: [], pages: 2, total: 25 });
    expect((await get(ws.admin, `/api/post/news/${ws.id}/-1`)).status).toBe(400);
  });

  it("refuses another workspace's feed", async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    await post(other.employee, { text: 'Secret plan' });
    const res = await call(h, ws.admin, 'GET', `/api/post/news/${other.id}/0`);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('Secret plan');
  });

  it("carries the caller's own reaction, view, acknowledgement and the counters", async () => {
    const ws = await makeWorkspace(h);
    const { _id } = await post(ws.admin, { text: 'Read me', mustRead: true });
    await call(h, ws.employee, 'POST', '/api/post/like', { like_type: 'post', id: _id, reaction: 'celebrate' });
    await call(h, ws.employee, 'PUT', `/api/post/${_id}/view`, { user_id: ws.employee.id, where: 'company' });
    await call(h, ws.employee, 'PUT', `/api/post/${_id}/ack`);
    await call(h, ws.admin, 'POST', '/api/comment', { parent: { type: 'post', id: _id }, text: 'Please confirm' });
    const [mine] = (await get(ws.employee, `/api/post/news/${ws.id}/0`)).result;
    expect(mine).toMatchObject({
      likes: 1,
      reactions: { celebrate: 1, like: 0 },
      myReaction: 'celebrate',
      viewed: true,
      viewsCount: 1,
      mustRead: true,
      acknowledged: true,
      acknowledgedCount: 1,
      commentsCount: 1,
    });
    const [theirs] = (await get(ws.admin, `/api/post/news/${ws.id}/0`)).result;
    expect(theirs).toMatchObject({ likes: 1, myReaction: null, viewed: false, acknowledged: false });
  });
});

describe('GET /api/post/user_feed/{userId}/{page}', () => {
  it("combines the own and followed people's feed posts; company posts and others' feeds stay out", async () => {
    const ws = await makeWorkspace(h);
    const followed = await makeUser(h, ws.id, { firstName: 'Fred' });
    const stranger = await makeUser(h, ws.id);
    await follow(ws, ws.employee, followed);
    await post(ws.employee, { text: 'mine', parent: { type: 'feed' } });
    await post(followed, { text: 'followed', parent: { type: 'feed' } });
    await post(stranger, { text: 'stranger', parent: { type: 'feed' } });
    await post(followed, { text: 'company' });
    const feed = await get(ws.employee, `/api/post/user_feed/${ws.employee.id}/0`);
    expect(feed).toMatchObject({ status: 200, total: 2, pages: 1 });
    expect(texts(feed)).toEqual(['followed', 'mine']);
    expect((await get(ws.employee, `/api/post/user_feed/${followed.id}/0`)).status).toBe(403);
  });

  it("adds the posts of the person's groups; other feeds show every group the person may read", async () => {
    const ws = await makeWorkspace(h);
    const owner = await makeUser(h, ws.id);
    const group = async (type: string) =>
      (await call(h, owner, 'POST', '/api/group/', { name: `A ${type} group`, description: 'About it', type })).json()
        .result._id as string;
    const mine = await group('public');
    const closed = await group('closed');
    const open = await group('public');
    expect((await call(h, ws.employee, 'POST', `/api/group/${mine}/join`)).statusCode).toBe(200);
    await post(owner, { text: 'in a public group', parent: { type: 'group', id: open } });
    await post(owner, { text: 'in my group', parent: { type: 'group', id: mine } });
    await post(owner, { text: 'in a closed group', parent: { type: 'group', id: closed } });
    const refused = await call(h, ws.employee, 'POST', '/api/post', {
      text: 'x',
      parent: { type: 'group', id: closed },
    });
    expect(refused.json()).toMatchObject({ code: 'group_not_found' });
    const outsider = await call(h, ws.employee, 'POST', '/api/post', {
      text: 'x',
      parent: { type: 'group', id: open },
    });
    expect(outsider.statusCode).toBe(403);

    const feed = await get(ws.employee, `/api/post/user_feed/${ws.employee.id}/0`);
    expect(texts(feed)).toEqual(['in my group']);
    expect(feed.total).toBe(1);
    const wall = await get(ws.employee, `/api/post/group/${mine}`);
    expect(wall).toMatchObject({ total: 1, pages: 1 });
    expect(wall.result[0].parent).toEqual({ type: 'group', id: mine, where: '' });
    expect((await get(ws.employee, `/api/post/group/${closed}`)).status).toBe(404);
    expect(texts(await get(ws.employee, `/api/post/client/${ws.id}`))).toEqual(['in my group', 'in a public group']);
    expect(texts(await get(ws.employee, `/api/post/group/user/${ws.admin.id}`))).toEqual([
      'in my group',
      'in a public group',
    ]);
    // The workspace administrator reads closed groups too.
    expect(texts(await get(ws.admin, `/api/post/client/${ws.id}`))).toEqual([
      'in a closed group',
      'in my group',
      'in a public group',
    ]);
  });

  it("pages the person's feed and group posts as one timeline, newest first", async () => {
    const ws = await makeWorkspace(h);
    const group = (
      await call(h, ws.admin, 'POST', '/api/group/', { name: 'Readers', description: 'Books', type: 'public' })
    ).json().result._id as string;
    expect((await call(h, ws.employee, 'POST', `/api/group/${group}/join`)).statusCode).toBe(200);
    // 25 posts: two in the group, then one in the person's own feed, and so on.
    const written: string[] = [];
    for (let i = 0; i < 25; i++) {
      const text = `post ${i}`;
      await post(i % 3 === 2 ? ws.employee : ws.admin, {
        text,
        parent: i % 3 === 2 ? { type: 'feed' } : { type: 'group', id: group },
      });
      written.unshift(text);
    }
    const first = await get(ws.employee, `/api/post/user_feed/${ws.employee.id}/0`);
    const second = await get(ws.employee, `/api/post/user_feed/${ws.employee.id}/1`);
    expect(first).toMatchObject({ total: 25, pages: 2, page: 0 });
    expect([...texts(first), ...texts(second)]).toEqual(written);
  });
});

describe('the user feed in one statement (PostgreSQL)', () => {
  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'answers in one round trip with everything the transaction path gives, and falls back when groups are off',
    async () => {
      const ws = await makeWorkspace(h);
      const followed = await makeUser(h, ws.id, { firstName: 'Fiona', lastName: 'Followed' });
      await follow(ws, ws.employee, followed);
      const group = (
        await call(h, ws.admin, 'POST', '/api/group/', { name: 'Runners', description: 'Laps', type: 'public' })
      ).json().result._id as string;
      expect((await call(h, ws.employee, 'POST', `/api/group/${group}/join`)).statusCode).toBe(200);
      const mentioning = await post(followed, {
        text: `Lunch with ${mentionMarkup(ws.employee.id, 'Emma')}?`,
        parent: { type: 'feed' },
      });
      await post(ws.admin, { text: 'Sunday run', parent: { type: 'group', id: group } });
      const liked = await call(h, ws.employee, 'POST', '/api/post/like', { like_type: 'post', id: mentioning._id });
      expect(liked.statusCode, liked.body).toBe(200);

      const {
        result: feed,
        transactions,
        queries,
      } = await roundTrips(h, () => get(ws.employee, `/api/post/user_feed/${ws.employee.id}/0`));
      expect({ transactions, queries }).toEqual({ transactions: 0, queries: 1 });
      expect(feed).toMatchObject({ status: 200, total: 2, pages: 1, page: 0 });
      expect(texts(feed)).toEqual(['Sunday run', expect.stringContaining('Lunch with')]);
      const [inGroup, withMention] = feed.result;
      expect(inGroup).toMatchObject({ parent: { type: 'group', id: group }, myReaction: null, likes: 0 });
      expect(withMention).toMatchObject({
        _id: mentioning._id,
        author: { _id: followed.id, name: 'Fiona Followed' },
        mentions: [{ _id: ws.employee.id }],
        myReaction: 'like',
        likes: 1,
        viewed: false,
        pinned: false,
        can: { edit: false, delete: false },
      });
      expect(new Date(withMention.created).toISOString()).toBe(withMention.created);
      // The same page through the transaction path (another person's feed is refused there, as before).
      expect((await get(ws.employee, `/api/post/user_feed/${followed.id}/0`)).status).toBe(403);

      // Groups switched off: the statement's group part does not hold; the route answers as usual, without them
      // (once the guard's memory of the workspace has heard of the change).
      const heard = (async () => {
        for await (const [applied] of on(h.platform.principals!, 'change')) if (applied === '*') return;
      })();
      await inSystem(h.platform.database, (tx) =>
        tx
          .update(clients)
          .set({ features: FEATURES.filter((code) => code !== 'groups').map((code) => ({ code, active: true })) })
          .where(eq(clients.id, ws.id)),
      );
      await heard;
      const off = await roundTrips(h, () => get(ws.employee, `/api/post/user_feed/${ws.employee.id}/0`));
      // The one statement, then a transaction of its own.
      expect({ transactions: off.transactions, queries: off.queries }).toEqual({ transactions: 1, queries: 1 });
      expect(texts(off.result)).toEqual([expect.stringContaining('Lunch with')]);
    },
  );
});

describe('other feeds', () => {
  it('lists by workspace, followed people and author; an unknown group is not found', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const followed = await makeUser(h, ws.id);
    await follow(ws, ws.admin, followed);
    await post(followed, { text: 'feed of followed', parent: { type: 'feed' } });
    await post(followed, { text: 'company by followed' });
    await post(ws.employee, { text: 'company by employee' });
    const all = await get(ws.employee, `/api/post/client/${ws.id}`);
    expect(all).toMatchObject({ total: 3, pages: 1 });
    expect(texts(all)).toEqual(['company by employee', 'company by followed', 'feed of followed']);
    expect((await get(ws.employee, `/api/post/client/${other.id}`)).status).toBe(403);
    expect(texts(await get(ws.employee, `/api/post/follows/${ws.admin.id}`))).toEqual(['feed of followed']);
    expect(await get(ws.employee, `/api/post/follows/${ws.employee.id}`)).toMatchObject({ result: [], total: 0 });
    expect(texts(await get(ws.employee, `/api/post/user/${followed.id}`))).toEqual([
      'company by followed',
      'feed of followed',
    ]);
    expect((await get(ws.employee, `/api/post/user/${other.employee.id}`)).status).toBe(404);
    const group = await get(ws.employee, `/api/post/group/${crypto.randomUUID()}`);
    expect(group).toMatchObject({ status: 404, code: 'group_not_found' });
    expect(await get(ws.employee, `/api/post/group/user/${ws.employee.id}`)).toMatchObject({ result: [], total: 0 });
  });

  it('finds the posts that mention a person and those they commented on', async () => {
    const ws = await makeWorkspace(h);
    const first = await post(ws.admin, { text: `Hi ${mentionMarkup(ws.employee.id, 'Eve')}` });
    const second = await post(ws.admin, { text: 'No mention here' });
    await post(ws.admin, { text: 'Ping', mentions: [ws.employee.id] });
    const mentions = await get(ws.employee, `/api/post/mentions_feed/${ws.employee.id}`);
    expect(mentions).toMatchObject({ total: 2, pages: 1 });
    expect(texts(mentions)).toEqual(['Ping', first.text]);
    for (const target of [first, second, first]) {
      await call(h, ws.employee, 'POST', '/api/comment', { parent: { type: 'post', id: target._id }, text: 'Noted' });
    }
    const commented = await get(ws.admin, `/api/post/comments_feed/${ws.employee.id}`);
    expect(commented).toMatchObject({ total: 2, pages: 1 });
    expect(commented.result.map((p: { _id: string }) => p._id)).toEqual([first._id, second._id]);
  });

  it('filters GET /api/post by parent, author, kind, mention and must-read state', async () => {
    const ws = await makeWorkspace(h);
    const colleague = await makeUser(h, ws.id);
    await post(ws.employee, { text: 'a feed post', parent: { type: 'feed' } });
    await post(colleague, {
      text: 'Thank you for covering my shift last weekend, much appreciated!',
      kind: 'thanks',
      mentions: [ws.employee.id],
    });
    const must = await post(ws.admin, { text: 'Security policy update', mustRead: true });
    await post(ws.admin, { text: 'Second policy', mustRead: true });
    await call(h, ws.employee, 'PUT', `/api/post/${must._id}/ack`);
    const q = (query: string) => get(ws.employee, `/api/post?${query}`).then(texts);
    expect(await q(`parent_type=feed&parent_id=${ws.employee.id}`)).toEqual(['a feed post']);
    expect(await q(`author=${colleague.id}`)).toHaveLength(1);
    expect(await q('kind=thanks')).toEqual([expect.stringContaining('Thank you')]);
    expect(await q(`mentioned=${ws.employee.id}`)).toEqual([expect.stringContaining('Thank you')]);
    expect(await q('must_read=1')).toEqual(['Second policy', 'Security policy update']);
    expect(await q('pending=1')).toEqual(['Second policy']);
    expect(await q('parent_type=company&page=0')).toHaveLength(3);
    expect((await get(ws.employee, '/api/post?parent_type=nowhere')).status).toBe(400);
  });
});
