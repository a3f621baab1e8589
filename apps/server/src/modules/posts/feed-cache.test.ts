// The company feed's first page kept in memory (feed-cache.ts): served while the feed's version holds, every
// reader's own state and the counters read fresh, a new version after every change of what the page shows (on any
// path: the triggers of the migration `company_feed_version`), and nothing of another workspace or of a group.
import { on } from 'node:events';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSystem } from '../../platform/db/tenant.js';
import {
  call,
  createHarness,
  type Harness,
  makeUser,
  makeWorkspace,
  PASSWORD,
  type TestUser,
} from '../../test/harness.js';
import { clients } from '../clients/tables.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

interface ShownPost {
  _id: string;
  text: string;
  likes: number;
  commentsCount: number;
  myReaction: string | null;
  pinned: boolean;
  author: { name: string };
  can: { edit: boolean };
}
const post = async (user: TestUser, body: Record<string, unknown>) => {
  const res = await call(h, user, 'POST', '/api/post', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result._id as string;
};
const news = async (user: TestUser) => {
  const res = await call(h, user, 'GET', `/api/post/news/${user.clientId}/0`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { result: ShownPost[]; total: number };
};
/** Resolves once the guard's principal cache has applied `payload` (a person's or a workspace's change). */
async function untilChange(payload: string) {
  for await (const [applied] of on(h.platform.principals!, 'change')) if (applied === payload) return;
}
const texts = async (user: TestUser) => (await news(user)).result.map((p) => p.text);

/** Changes a post's text behind the triggers' back (as a replica would): only a page kept in memory hides it. */
const rewriteUnseen = (id: string, text: string) =>
  h.platform.database.exec(
    `BEGIN; SET LOCAL session_replication_role = replica; UPDATE posts SET text = '${text}' WHERE id = '${id}'; COMMIT;`,
  );

describe('the company feed page kept in memory', () => {
  it('answers later readers from memory, with their own reactions and fresh counters', async () => {
    const ws = await makeWorkspace(h);
    const first = await post(ws.admin, { text: 'Kept: canteen open' });
    const second = await post(ws.employee, { text: 'Kept: parking closed' });
    expect(await texts(ws.employee)).toEqual(['Kept: parking closed', 'Kept: canteen open']);

    // From memory: a change no trigger saw stays unseen…
    await rewriteUnseen(second, 'Changed behind the back');
    expect(await texts(ws.admin)).toEqual(['Kept: parking closed', 'Kept: canteen open']);
    // …while a like (a counter) and the reader's own reaction are read with every request.
    const liked = await call(h, ws.employee, 'POST', '/api/post/like', { like_type: 'post', id: first });
    expect(liked.statusCode, liked.body).toBe(200);
    const byEmployee = (await news(ws.employee)).result;
    const byAdmin = (await news(ws.admin)).result;
    expect(byEmployee[1]).toMatchObject({ _id: first, likes: 1, myReaction: 'like' });
    expect(byAdmin[1]).toMatchObject({ _id: first, likes: 1, myReaction: null });
    expect(byEmployee[1].text).toBe('Kept: canteen open');
    // What each reader may do is theirs: the employee edits their own post, the admin any.
    expect(byEmployee[0].can.edit).toBe(true);
    expect(byEmployee[1].can.edit).toBe(false);
    expect(byAdmin[1].can.edit).toBe(true);
    expect((await news(ws.employee)).total).toBe(2);
  });

  it('reads the page again after every change of what it shows', async () => {
    const ws = await makeWorkspace(h);
    const id = await post(ws.admin, { text: 'Version one' });
    await news(ws.employee);
    // A new post.
    const later = await post(ws.admin, { text: 'Another post' });
    expect(await texts(ws.employee)).toEqual(['Another post', 'Version one']);
    // An edit.
    expect((await call(h, ws.admin, 'PUT', `/api/post/${id}`, { text: 'Version two' })).statusCode).toBe(200);
    expect(await texts(ws.employee)).toEqual(['Another post', 'Version two']);
    // A pin puts the older post first.
    expect((await call(h, ws.admin, 'PUT', `/api/post/${id}/pin`, { pinned: true })).statusCode).toBe(200);
    const pinned = (await news(ws.employee)).result;
    expect(pinned.map((p) => [p.text, p.pinned])).toEqual([
      ['Version two', true],
      ['Another post', false],
    ]);
    // The author's card: a new name shows on their posts.
    const renamed = await call(h, ws.admin, 'PUT', `/api/user/${ws.admin.id}`, { firstName: 'Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await news(ws.employee)).result[0].author.name).toMatch(/^Renamed /);
    // A deletion.
    expect((await call(h, ws.admin, 'DELETE', `/api/post/${later}`)).statusCode).toBe(200);
    expect(await texts(ws.employee)).toEqual(['Version two']);
    // A comment changes a counter only: the page stays kept, the count is fresh.
    const commented = await call(h, ws.employee, 'POST', '/api/comment', {
      parent: { type: 'post', id },
      text: 'Nice',
    });
    expect(commented.statusCode, commented.body).toBe(200);
    await rewriteUnseen(id, 'Unseen while kept');
    const afterComment = (await news(ws.admin)).result[0];
    expect(afterComment).toMatchObject({ text: 'Version two', commentsCount: 1 });
  });

  it('never shows another workspace its page, nor a group post, nor anything to a stranger', async () => {
    const a = await makeWorkspace(h);
    const b = await makeWorkspace(h);
    await post(a.admin, { text: 'Only for A' });
    await post(b.admin, { text: 'Only for B' });
    const group = await call(h, a.admin, 'POST', '/api/group/', {
      name: 'Private club',
      description: 'Members only',
      type: 'private',
    });
    expect(group.statusCode, group.body).toBe(200);
    const groupId = group.json().result._id as string;
    await post(a.admin, { text: 'Inside the club', parent: { type: 'group', id: groupId } });
    // Both pages kept.
    expect(await texts(a.employee)).toEqual(['Only for A']);
    expect(await texts(b.employee)).toEqual(['Only for B']);
    // Asking for the other workspace's page with one's own token: refused as before, never the kept page.
    const across = await call(h, b.employee, 'GET', `/api/post/news/${a.admin.clientId}/0`);
    expect(across.statusCode).not.toBe(200);
    expect(across.body).not.toContain('Only for A');
    // A person of A who is in no group sees the same page, still without the group's post.
    const newcomer = await makeUser(h, a.id);
    expect(await texts(newcomer)).toEqual(['Only for A']);
    expect(await texts(b.admin)).toEqual(['Only for B']);
  });

  it('still checks who asks: a signed-out token and a switched-off wall are refused from memory too', async () => {
    const ws = await makeWorkspace(h);
    await post(ws.admin, { text: 'Kept for the checks' });
    await news(ws.employee);
    const login = await call(h, null, 'POST', '/api/login', { login: ws.employee.login, password: PASSWORD });
    const session = { token: login.json().token };
    expect((await call(h, session, 'GET', `/api/post/news/${ws.id}/0`)).statusCode).toBe(200);
    // The guard's memory of who tokens name forgets the person once the change's notification arrives.
    const forgotten = untilChange(`u:${ws.employee.id}`);
    expect((await call(h, session, 'POST', '/api/logout', { user_id: ws.employee.id })).statusCode).toBe(200);
    await forgotten;
    const signedOut = await call(h, session, 'GET', `/api/post/news/${ws.id}/0`);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().code).toBe('session_expired');
    const wallOff = untilChange('*');
    await inSystem(h.platform.database, (tx) =>
      tx
        .update(clients)
        .set({ features: [{ code: 'wall', active: false }] })
        .where(eq(clients.id, ws.id)),
    );
    await wallOff;
    const off = await call(h, ws.admin, 'GET', `/api/post/news/${ws.id}/0`);
    expect(off.statusCode).toBe(403);
    expect(off.json().code).toBe('feature_disabled');
  });
});
