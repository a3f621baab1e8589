import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeUser, makeWorkspace, type TestUser } from '../../test/harness.js';
import { settled } from '../../test/notifications.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ JOBS: '1' });
});
afterAll(() => h.close());

async function entries(clientId: string, who: TestUser) {
  await settled(h, clientId);
  const res = await call(h, who, 'GET', `/api/notification/${clientId}/all/${who.id}/now`);
  return res.json().result as { code: string; title: string; text: string; link: string; others: number }[];
}

describe('notifications emitted by the wall and the people side', () => {
  it('mention, comment on my post, answer to my comment, grouped reactions, must-read, follower, rights', {
    timeout: 120_000,
  }, async () => {
    const ws = await makeWorkspace(h);
    const bob = await makeUser(h, ws.id, { firstName: 'Bob', lastName: 'Builder' });
    const post = await call(h, ws.admin, 'POST', '/api/post', {
      text: 'Welcome @Eve to the team',
      mentions: [ws.employee.id],
    });
    expect(post.statusCode, post.body).toBe(200);
    const postId = post.json().result._id;
    expect(await entries(ws.id, ws.employee)).toMatchObject([
      {
        code: 'posts.mention',
        title: 'Ada Admin mentioned you',
        text: 'Welcome @Eve to the team',
        link: `/post/${postId}`,
      },
    ]);

    const comment = await call(h, ws.employee, 'POST', '/api/comment', {
      parent: { type: 'post', id: postId },
      text: 'Thanks!',
    });
    expect(comment.statusCode, comment.body).toBe(200);
    await call(h, bob, 'POST', '/api/comment', {
      parent: { type: 'comment', id: comment.json().result._id },
      text: 'Welcome, Eve',
    });
    for (const who of [ws.employee, bob]) {
      expect((await call(h, who, 'POST', '/api/post/like', { like_type: 'post', id: postId })).statusCode).toBe(200);
    }
    const admin = await entries(ws.id, ws.admin);
    // Bob answered Eve's comment: that goes to Eve, not to the post's author.
    expect(admin.map((e) => e.code)).toEqual(['posts.reaction', 'posts.comment']);
    expect(admin[0]).toMatchObject({ title: 'Bob Builder and 1 others reacted to your post', others: 1 });
    expect((await entries(ws.id, ws.employee))[0]).toMatchObject({
      code: 'posts.reply',
      title: 'Bob Builder answered your comment',
    });

    const thanks = await call(h, ws.employee, 'POST', '/api/post', {
      kind: 'thanks',
      text: `@[Bob Builder](user:${bob.id}) thank you for fixing the build on Friday night`,
    });
    expect(thanks.statusCode, thanks.body).toBe(200);
    await call(h, ws.admin, 'PUT', `/api/post/${postId}/must_read`, { mustRead: true });
    await call(h, ws.employee, 'POST', '/api/follow', { user_id: bob.id });
    await call(h, ws.admin, 'PUT', `/api/user/${bob.id}/rights`, { rights: { shop: true } });
    const bobs = await entries(ws.id, bob);
    expect(bobs.map((e) => e.code)).toEqual([
      'users.rights_changed',
      'users.follower',
      'posts.must_read',
      'posts.thanks',
    ]);
    expect(bobs[3]).toMatchObject({
      title: 'Eve Employee thanked you',
      text: '@Bob Builder thank you for fixing the build on Friday night',
    });
    expect(bobs[0].text).toBe('Ada Admin changed your rights: shop +');
    expect(bobs[1]).toMatchObject({ title: 'Eve Employee follows you now', link: `/user/${ws.employee.id}` });
    expect((await entries(ws.id, ws.employee))[0].code).toBe('posts.must_read');
    // Must-read goes out by e-mail by default.
    const { rows } = await h.platform.database.query('SELECT subject FROM outbox WHERE "to" = $1', [bob.email]);
    expect(rows).toContainEqual({ subject: 'Please read: a post by Ada Admin' });
  });
});
