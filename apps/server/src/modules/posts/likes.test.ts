import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createHarness,
  type Harness,
  makeUser,
  makeWorkspace,
  roundTrips,
  type TestUser,
} from '../../test/harness.js';

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
    // Twice on the post: first before the person's principal is kept (transactions), then after (one statement each).
    for (const [type, id] of [
      ['post', post],
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

  it('toggles a post in one statement once the person is known, and leaves group posts to the transaction', async () => {
    const ws = await makeWorkspace(h);
    const { post } = await thread(ws.admin);
    // Any signed-in request keeps the person's principal for the one-statement routes.
    expect((await call(h, ws.employee, 'GET', `/api/post/${post}`)).statusCode).toBe(200);
    const steps: [string | undefined, Record<string, unknown>][] = [
      [undefined, { likes: 1, myReaction: 'like', reactions: { like: 1, love: 0 } }],
      ['love', { likes: 1, myReaction: 'love', reactions: { like: 0, love: 1 } }],
      ['love', { likes: 0, myReaction: null, reactions: { like: 0, love: 0 } }],
    ];
    for (const [reaction, expected] of steps) {
      const {
        result: res,
        transactions,
        queries,
      } = await roundTrips(h, () => like(ws.employee, 'post', post, reaction));
      expect(res.statusCode, res.body).toBe(200);
      expect({ transactions, queries }).toEqual({ transactions: 0, queries: 1 });
      expect(res.json().result).toMatchObject({ like_type: 'post', id: post, post_id: post, ...expected });
    }
    const other = await makeWorkspace(h);
    const foreign = (await thread(other.admin)).post;
    const refused = await roundTrips(h, () => like(ws.employee, 'post', foreign));
    expect(refused.result.json()).toMatchObject({ code: 'post_not_found' });
    expect({ transactions: refused.transactions, queries: refused.queries }).toEqual({ transactions: 0, queries: 1 });

    const group = (
      await call(h, ws.admin, 'POST', '/api/group/', { name: 'Choir', description: 'Songs', type: 'private' })
    ).json().result._id as string;
    const inGroup = (
      await call(h, ws.admin, 'POST', '/api/post', { text: 'Rehearsal', parent: { type: 'group', id: group } })
    ).json().result._id as string;
    const outsider = await roundTrips(h, () => like(ws.employee, 'post', inGroup));
    // The statement changed nothing; the route then read the group's rule in a transaction, and refused.
    expect(outsider.result.json()).toMatchObject({ code: 'post_not_found' });
    expect({ transactions: outsider.transactions, queries: outsider.queries }).toEqual({ transactions: 1, queries: 1 });
    const member = await roundTrips(h, () => like(ws.admin, 'post', inGroup));
    expect(member.result.json().result).toMatchObject({ likes: 1, myReaction: 'like' });
    expect({ transactions: member.transactions, queries: member.queries }).toEqual({ transactions: 1, queries: 1 });
    const shown = (await call(h, ws.admin, 'GET', `/api/post/${post}`)).json().result;
    expect(shown).toMatchObject({ likes: 0, reactions: { like: 0, love: 0 } });
  });

  it('never fails nor drifts when the same people toggle one post at once, on both paths', async () => {
    const ws = await makeWorkspace(h);
    const { post } = await thread(ws.admin);
    const people = await Promise.all(Array.from({ length: 4 }, () => makeUser(h, ws.id)));
    // Half of them known to the guard (one statement each), half not (a transaction each, until their first answer).
    for (const person of people.slice(0, 2)) await call(h, person, 'GET', `/api/post/${post}`);
    const answers = await Promise.all(
      people.flatMap((person) =>
        Array.from({ length: 5 }, (_, i) => like(person, 'post', post, i % 2 ? 'love' : 'like')),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    const shown = (await call(h, ws.admin, 'GET', `/api/post/${post}`)).json().result;
    const mine = await Promise.all(
      people.map(async (p) => (await call(h, p, 'GET', `/api/post/${post}`)).json().result.myReaction),
    );
    const held = mine.filter(Boolean);
    expect(shown.likes).toBe(held.length);
    expect(shown.reactions).toMatchObject({
      like: held.filter((r) => r === 'like').length,
      love: held.filter((r) => r === 'love').length,
    });
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
