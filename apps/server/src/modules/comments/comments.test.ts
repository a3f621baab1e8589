import { mentionMarkup } from '@hallway/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/client.js';
import { inSystem } from '../../platform/db/tenant.js';
import {
  call,
  createHarness,
  type Harness,
  makeUser,
  makeWorkspace,
  roundTrips,
  type TestUser,
} from '../../test/harness.js';
import { clients } from '../clients/tables.js';
import { comments } from './tables.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const newPost = async (user: TestUser, text = 'Our new office opens next week') =>
  (await call(h, user, 'POST', '/api/post', { text })).json().result._id as string;
const comment = (user: TestUser, parent: { type: string; id: string; where?: string }, text: string, extra = {}) =>
  call(h, user, 'POST', '/api/comment', { parent, text, ...extra });
const single = async (user: TestUser, id: string) => (await call(h, user, 'GET', `/api/post/${id}`)).json().result;

describe('POST /api/comment', () => {
  it('comments a post and answers a comment; the single post shows the thread and its counts', async () => {
    const ws = await makeWorkspace(h);
    const post = await newPost(ws.admin);
    const first = await comment(
      ws.employee,
      { type: 'post', id: post },
      `Can't wait, ${mentionMarkup(ws.admin.id, 'Ada')}!`,
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toMatchObject({
      parent: { type: 'post', id: post, postId: post, where: '' },
      status: 'new',
      author: { _id: ws.employee.id, name: 'Eve Employee' },
      mentions: [{ _id: ws.admin.id }],
      likes: 0,
      answersCount: 0,
      answers: [],
      can: { edit: true, delete: true },
    });
    const commentId = first.json().result._id;
    const answer = await comment(ws.admin, { type: 'comment', id: commentId }, 'See you there');
    expect(answer.json().result.parent).toEqual({ type: 'comment', id: commentId, postId: post, where: '' });
    // Answers are one level deep: answering an answer answers its comment.
    const nested = await comment(ws.employee, { type: 'comment', id: answer.json().result._id }, 'Great');
    expect(nested.json().result.parent.id).toBe(commentId);
    await comment(ws.admin, { type: 'post', id: post, where: 'company' }, 'Second comment');

    const shown = await single(ws.employee, post);
    expect(shown.commentsCount).toBe(4);
    expect(shown.comments.map((c: { text: string }) => c.text)).toEqual([
      expect.stringContaining('wait'),
      'Second comment',
    ]);
    expect(shown.comments[0]).toMatchObject({ answersCount: 2, can: { edit: true, delete: true } });
    expect(shown.comments[0].answers.map((a: { text: string }) => a.text)).toEqual(['See you there', 'Great']);
    expect(shown.comments[0].answers[0].can).toEqual({ edit: false, delete: false });
    expect(shown.comments[1].parent.where).toBe('company');
  });

  it('refuses unknown subjects, strangers and other workspaces', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const foreignPost = await newPost(other.admin);
    const foreign = await comment(ws.employee, { type: 'post', id: foreignPost }, 'Hi');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('post_not_found');
    // Tasks are served by the task tracker now: an unknown task is not found, as an unknown post.
    const task = await comment(ws.employee, { type: 'task', id: crypto.randomUUID() }, 'Done?');
    expect(task.statusCode).toBe(404);
    expect(task.json().code).toBe('task_not_found');
    const post = await newPost(ws.admin);
    const stranger = await comment(ws.employee, { type: 'post', id: post }, 'Hi', { mentions: [other.admin.id] });
    expect(stranger.json().fields).toEqual({ mentions: 'mention_unknown' });
    expect((await comment(ws.employee, { type: 'post', id: post }, '  ')).statusCode).toBe(400);
    expect((await comment(ws.employee, { type: 'comment', id: crypto.randomUUID() }, 'Hi')).statusCode).toBe(404);
  });

  it('serves later modules through the subject they provide', async () => {
    // The services module provides `bp` threads (its own tests comment on real requests); an id that is no request
    // of the workspace is not found there.
    const ws = await makeWorkspace(h);
    const res = await comment(ws.employee, { type: 'bp', id: crypto.randomUUID() }, 'Approved');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('service_request_not_found');
  });

  it('follows the wall feature for comments under posts', async () => {
    const ws = await makeWorkspace(h);
    const post = await newPost(ws.admin);
    await inSystem(h.platform.database, (tx) =>
      tx
        .update(clients)
        .set({ features: [{ code: 'wall', active: false }] })
        .where(eq(clients.id, ws.id)),
    );
    expect((await comment(ws.employee, { type: 'post', id: post }, 'Hi')).json().code).toBe('feature_disabled');
  });
});

/** The `posts.comment` notices stored for a post (the jobs that deliver them do not run here). */
const commentNotices = (post: string) =>
  inSystem(h.platform.database, (tx) =>
    rowsOf(
      tx,
      sql`SELECT actor_id, recipients FROM notification_events WHERE code = 'posts.comment' AND link = ${`/post/${post}`}`,
    ),
  );

describe('a plain comment in one statement', () => {
  it('comments a company post in one query once the person is known; its author is told, group posts and mentions take the transaction', async () => {
    const ws = await makeWorkspace(h);
    const post = await newPost(ws.admin);
    // Any signed-in request keeps the person's principal for the one-statement routes.
    expect((await single(ws.employee, post)).commentsCount).toBe(0);
    const quick = await roundTrips(h, () =>
      comment(ws.employee, { type: 'post', id: post, where: 'Lobby' }, "It's great"),
    );
    expect({ transactions: quick.transactions, queries: quick.queries }).toEqual({ transactions: 0, queries: 1 });
    expect(quick.result.json().result).toMatchObject({
      parent: { type: 'post', id: post, postId: post, where: 'Lobby' },
      status: 'new',
      author: { _id: ws.employee.id, name: 'Eve Employee' },
      text: "It's great",
      mentions: [],
      likes: 0,
      myReaction: null,
      answers: [],
      can: { edit: true, delete: true },
    });
    expect(await commentNotices(post)).toEqual([{ actor_id: ws.employee.id, recipients: { ids: [ws.admin.id] } }]);
    // The author's own comment tells nobody; a mention, another workspace's post and a group's post go the usual way.
    const own = await roundTrips(h, () => comment(ws.admin, { type: 'post', id: post }, 'Thanks'));
    expect(own.queries).toBe(1);
    expect(await commentNotices(post)).toHaveLength(1);
    const mentioning = await roundTrips(h, () =>
      comment(ws.employee, { type: 'post', id: post }, `Agreed, ${mentionMarkup(ws.admin.id, 'Ada')}`),
    );
    expect(mentioning.transactions).toBe(1);
    const foreignPost = await newPost((await makeWorkspace(h)).admin);
    const foreign = await roundTrips(h, () => comment(ws.employee, { type: 'post', id: foreignPost }, 'Hi'));
    expect(foreign.result.json()).toMatchObject({ code: 'post_not_found' });
    expect({ transactions: foreign.transactions, queries: foreign.queries }).toEqual({ transactions: 1, queries: 1 });
    const group = (
      await call(h, ws.admin, 'POST', '/api/group/', { name: 'Choir', description: 'Songs', type: 'private' })
    ).json().result._id as string;
    const inGroup = (
      await call(h, ws.admin, 'POST', '/api/post', { text: 'Rehearsal', parent: { type: 'group', id: group } })
    ).json().result._id as string;
    expect((await comment(ws.employee, { type: 'post', id: inGroup }, 'Let me in')).json().code).toBe('post_not_found');
    const member = await roundTrips(h, () => comment(ws.admin, { type: 'post', id: inGroup }, 'Tuesday'));
    expect(member.result.statusCode).toBe(200);
    expect(member.transactions).toBe(1);
    expect((await single(ws.admin, post)).commentsCount).toBe(3);
    expect((await single(ws.admin, inGroup)).commentsCount).toBe(1);
  });
});

describe('PUT and DELETE /api/comment/{id}', () => {
  it('lets the author edit; refuses others; administrators moderate', async () => {
    const ws = await makeWorkspace(h);
    const colleague = await makeUser(h, ws.id);
    const post = await newPost(ws.admin);
    const id = (await comment(ws.employee, { type: 'post', id: post }, 'Typo hre')).json().result._id;
    const fixed = await call(h, ws.employee, 'PUT', `/api/comment/${id}`, { text: 'Typo here' });
    expect(fixed.json().result).toMatchObject({ text: 'Typo here', status: 'edited' });
    expect((await call(h, colleague, 'PUT', `/api/comment/${id}`, { text: 'Mine now' })).statusCode).toBe(403);
    expect((await call(h, colleague, 'DELETE', `/api/comment/${id}`)).statusCode).toBe(403);
    expect((await call(h, ws.admin, 'PUT', `/api/comment/${id}`, { text: 'Moderated' })).json().result.text).toBe(
      'Moderated',
    );
  });

  it('deletes a comment with its answers and keeps the counts; parent_type must match', async () => {
    const ws = await makeWorkspace(h);
    const post = await newPost(ws.admin);
    const top = (await comment(ws.employee, { type: 'post', id: post }, 'Question')).json().result._id;
    const answer = (await comment(ws.admin, { type: 'comment', id: top }, 'Answer')).json().result._id;
    await comment(ws.admin, { type: 'comment', id: top }, 'Another answer');
    await comment(ws.admin, { type: 'post', id: post }, 'Unrelated');
    expect((await call(h, ws.admin, 'DELETE', `/api/comment/${answer}?parent_type=post`)).statusCode).toBe(404);
    const one = await call(h, ws.admin, 'DELETE', `/api/comment/${answer}?parent_type=comment`);
    expect(one.json().result).toEqual({ _id: answer, commentsCount: 3 });
    expect((await single(ws.admin, post)).comments[0].answersCount).toBe(1);
    const all = await call(h, ws.employee, 'DELETE', `/api/comment/${top}?parent_type=post`);
    expect(all.json().result).toEqual({ _id: top, commentsCount: 1 });
    const shown = await single(ws.admin, post);
    expect(shown.comments.map((c: { text: string }) => c.text)).toEqual(['Unrelated']);
    expect(shown.commentsCount).toBe(1);
  });

  it("never reaches another workspace's comment, and goes with its post", async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const post = await newPost(other.admin);
    const id = (await comment(other.employee, { type: 'post', id: post }, 'Internal')).json().result._id;
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await call(h, ws.admin, method, `/api/comment/${id}`, method === 'PUT' ? { text: 'x' } : undefined);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('comment_not_found');
    }
    await call(h, other.admin, 'DELETE', `/api/post/${post}`);
    const left = await inSystem(h.platform.database, (tx) =>
      tx.select().from(comments).where(eq(comments.postId, post)),
    );
    expect(left).toEqual([]);
  });
});
