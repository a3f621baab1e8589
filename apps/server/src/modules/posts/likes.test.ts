import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeUser, makeWorkspace, type TestUser } from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const like = (user: TestUser, like_type: string, id: string, reaction?: string) =>
  call(h, user, 'POST', '/api/post/like', { like_type, id, ...(reaction ? { reaction } : {}) });

async function thread(user: TestUser) {
  const post = (await call(h, user, 'POST', '/api/post', { text: 'Friday demo' })).json().result._id as string;
  const comment = (
    await call(h, user, 'POST', '/api/comment', { parent: { type: 'post', id: post }, text: 'Great' })
  ).json().result._id as string;
  const answer = (
    await call(h, user, 'POST', '/api/comment', { parent: { type: 'comment', id: comment }, text: '+1' })
  ).json().result._id as string;
  return { post, comment, answer };
}

describe('POST /api/post/like', () => {
  it('toggles a like on a post, and switches between reactions with one per person', async () => {
    const ws = await makeWorkspace(h);
    const { post } = await thread(ws.admin);
    const liked = await like(ws.employee, 'post', post);
    expect(liked.statusCode).toBe(200);
    expect(liked.json().result).toMatchObject({
      like_type: 'post',
      id: post,
      post_id: post,
      likes: 1,
      myReaction: 'like',
      reactions: { like: 1, love: 0 },
    });
    const switched = await like(ws.employee, 'post', post, 'love');
    expect(switched.json().result).toMatchObject({ likes: 1, myReaction: 'love', reactions: { like: 0, love: 1 } });
    await like(ws.admin, 'post', post, 'love');
    const undone = await like(ws.employee, 'post', post, 'love');
    expect(undone.json().result).toMatchObject({ likes: 1, myReaction: null, reactions: { love: 1 } });
    const shown = (await call(h, ws.admin, 'GET', `/api/post/${post}`)).json().result;
    expect(shown).toMatchObject({ likes: 1, myReaction: 'love' });
  });

  it('counts many people liking at once exactly', async () => {
    const ws = await makeWorkspace(h);
    const { post } = await thread(ws.admin);
    const people = await Promise.all(Array.from({ length: 8 }, () => makeUser(h, ws.id)));
    const answers = await Promise.all(people.map((p) => like(p, 'post', post)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect((await call(h, ws.admin, 'GET', `/api/post/${post}`)).json().result.likes).toBe(8);
  });

  it('keeps one reaction per person when the same person toggles twice at once (a double click)', async () => {
    const ws = await makeWorkspace(h);
    const { post, comment } = await thread(ws.admin);
    for (const [type, id] of [
      ['post', post],
      ['comment', comment],
    ] as const) {
      const both = await Promise.all([like(ws.employee, type, id), like(ws.employee, type, id)]);
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      // Serialized: one added the like, the other took it back.
      expect(both.map((r) => r.json().result.likes).sort()).toEqual([0, 1]);
    }
    const shown = (await call(h, ws.employee, 'GET', `/api/post/${post}`)).json().result;
    expect(shown).toMatchObject({ likes: 0, myReaction: null });
    expect(shown.comments[0]).toMatchObject({ likes: 0, myReaction: null });
  });

  it('likes comments and answers by their like_type', async () => {
    const ws = await makeWorkspace(h);
    const { post, comment, answer } = await thread(ws.admin);
    const onComment = await like(ws.employee, 'comment', comment, 'laugh');
    expect(onComment.json().result).toMatchObject({ like_type: 'comment', id: comment, post_id: post, likes: 1 });
    const onAnswer = await like(ws.employee, 'answer', answer);
    expect(onAnswer.json().result).toMatchObject({ like_type: 'answer', id: answer, likes: 1, myReaction: 'like' });
    const wrong = await like(ws.employee, 'answer', comment);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({
      code: 'like_type_mismatch',
      message: 'The liked object is not of type answer',
    });
    expect((await like(ws.employee, 'comment', answer)).statusCode).toBe(404);
    const shown = (await call(h, ws.employee, 'GET', `/api/post/${post}`)).json().result.comments[0];
    expect(shown).toMatchObject({ likes: 1, myReaction: 'laugh', reactions: { laugh: 1 } });
    expect(shown.answers[0]).toMatchObject({ likes: 1, myReaction: 'like' });
  });

  it("refuses unknown reactions and other workspaces' objects", async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const { post, comment } = await thread(other.admin);
    expect((await like(ws.employee, 'post', post, 'angry')).statusCode).toBe(400);
    expect((await like(ws.employee, 'post', post)).json().code).toBe('post_not_found');
    expect((await like(ws.employee, 'comment', comment)).json().code).toBe('comment_not_found');
    expect((await call(h, other.admin, 'GET', `/api/post/${post}`)).json().result.likes).toBe(0);
  });
});
