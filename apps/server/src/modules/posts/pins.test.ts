import { FEED_PAGE_SIZE, POSTS_PINNED_MAX } from '@hallway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeWorkspace, type TestUser } from '../../test/harness.js';

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
const pin = (user: TestUser, id: string, pinned = true) => call(h, user, 'PUT', `/api/post/${id}/pin`, { pinned });
const newsIds = async (user: TestUser, page: number) => {
  const res = await call(h, user, 'GET', `/api/post/news/${user.clientId}/${page}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { ids: body.result.map((p: { _id: string }) => p._id) as string[], total: body.total, pages: body.pages };
};

describe('PUT /api/post/{id}/pin', () => {
  it('pins and unpins a company post; the post says so and who may pin', async () => {
    const ws = await makeWorkspace(h);
    const id = await post(ws.employee, { text: 'Canteen menu for the week' });
    const pinned = await pin(ws.admin, id);
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(pinned.json().result).toMatchObject({ _id: id, pinned: true, can: { pin: true } });
    // Pinning again changes nothing.
    expect((await pin(ws.admin, id)).json().result.pinned).toBe(true);
    const seen = (await call(h, ws.employee, 'GET', `/api/post/${id}`)).json().result;
    expect(seen).toMatchObject({ pinned: true, can: { pin: false } });
    const unpinned = await pin(ws.admin, id, false);
    expect(unpinned.json().result).toMatchObject({ pinned: false });
  });

  it('refuses employees (403), other workspaces (404), personal feed posts (400) and a fourth pin (409)', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const id = await post(ws.employee, { text: 'Company news' });
    const byEmployee = await pin(ws.employee, id);
    expect(byEmployee.statusCode).toBe(403);
    expect(byEmployee.json().code).toBe('no_access');
    const byStranger = await pin(other.admin, id);
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json().code).toBe('post_not_found');
    const personal = await post(ws.employee, { text: 'On my feed', parent: { type: 'feed' } });
    const onFeed = await pin(ws.admin, personal);
    expect(onFeed.statusCode).toBe(400);
    expect(onFeed.json().code).toBe('post_pin_company_only');
    expect((await call(h, ws.admin, 'GET', `/api/post/${personal}`)).json().result.can.pin).toBe(false);

    const system = await post(ws.admin, { text: 'Office closed on Friday', parent: { type: 'system' } });
    expect((await pin(ws.admin, system)).statusCode).toBe(200);
    for (let i = 1; i < POSTS_PINNED_MAX; i++) {
      expect((await pin(ws.admin, await post(ws.admin, { text: `Pinned ${i}` }))).statusCode).toBe(200);
    }
    const over = await pin(ws.admin, id);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'post_pin_limit', params: { max: POSTS_PINNED_MAX } });
    // Unpinning one makes room.
    expect((await pin(ws.admin, system, false)).statusCode).toBe(200);
    expect((await pin(ws.admin, id)).statusCode).toBe(200);
  });

  it('puts pinned posts first on the company feed, newest pin first, each once across the pages', async () => {
    const ws = await makeWorkspace(h);
    const ids: string[] = [];
    for (let i = 0; i < FEED_PAGE_SIZE + 3; i++) ids.push(await post(ws.employee, { text: `Post ${i}` }));
    const newestFirst = [...ids].reverse();
    const before = await newsIds(ws.employee, 0);
    expect(before.ids).toEqual(newestFirst.slice(0, FEED_PAGE_SIZE));

    // The oldest post, then one from the second page, then one from the middle of the first.
    const [oldest, second, middle] = [ids[0], ids[1], ids[10]];
    for (const id of [oldest, second, middle]) expect((await pin(ws.admin, id)).statusCode).toBe(200);

    const first = await newsIds(ws.employee, 0);
    const next = await newsIds(ws.employee, 1);
    expect(first.ids.slice(0, 3)).toEqual([middle, second, oldest]);
    expect(first.ids).toHaveLength(FEED_PAGE_SIZE);
    const rest = newestFirst.filter((id) => ![oldest, second, middle].includes(id));
    expect(first.ids.slice(3)).toEqual(rest.slice(0, FEED_PAGE_SIZE - 3));
    expect(next.ids).toEqual(rest.slice(FEED_PAGE_SIZE - 3));
    expect([...first.ids, ...next.ids].sort()).toEqual([...ids].sort());
    expect({ total: first.total, pages: first.pages }).toEqual({ total: ids.length, pages: 2 });

    // A newer post goes below the pinned ones; an unpinned post goes back to its place by date.
    const fresh = await post(ws.employee, { text: 'Fresh' });
    expect((await newsIds(ws.employee, 0)).ids.slice(0, 4)).toEqual([middle, second, oldest, fresh]);
    await pin(ws.admin, middle, false);
    const after = await newsIds(ws.employee, 0);
    expect(after.ids.slice(0, 3)).toEqual([second, oldest, fresh]);
    const all = [...after.ids, ...(await newsIds(ws.employee, 1)).ids];
    expect(all).toHaveLength(ids.length + 1);
    expect(new Set(all).size).toBe(ids.length + 1);
    // Two pinned, then the fresh post, then the older ones by date.
    expect(all.indexOf(middle)).toBe(2 + 1 + newestFirst.indexOf(middle));
  });
});
