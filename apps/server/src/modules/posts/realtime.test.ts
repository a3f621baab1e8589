import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, makeWorkspace } from '../../test/harness.js';
import { next, record, useLiveServer } from '../../test/live.js';

const live = useLiveServer();
const { online, http } = live;
let h: Harness;
beforeAll(() => {
  h = live.h;
});

describe('wall realtime events', () => {
  it('announces a new post to everyone online in the workspace, after it committed', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const colleague = await online(ws, ws.admin);
    const strangerSocket = await online(other, other.admin);
    const stranger = record(strangerSocket, 'post.created');
    const arrived = next(colleague, 'post.created').then(async (payload) => {
      // Whoever reacts to the event can already read the post: it was sent after the commit.
      const seen = await http(ws.admin, 'GET', `/api/post/${payload._id}`);
      return { payload, seen };
    });
    const created = await http(ws.employee, 'POST', '/api/post', { text: 'Fresh from the oven' });
    expect(created.status).toBe(200);
    const { payload, seen } = await arrived;
    expect(seen.status).toBe(200);
    expect(payload).toMatchObject({
      _id: created.body.result._id,
      text: 'Fresh from the oven',
      parent: { type: 'company', id: ws.id },
      author: { _id: ws.employee.id },
      myReaction: null,
      can: { edit: false, delete: false, mustRead: false },
    });
    // A post of the stranger's own workspace, sent afterwards on the same path: a misrouted event would come first.
    const marker = next(strangerSocket, 'post.created');
    const own = await http(other.employee, 'POST', '/api/post', { text: 'Marker' });
    expect((await marker)._id).toBe(own.body.result._id);
    expect(stranger.map((post) => post._id)).toEqual([own.body.result._id]);
  });

  it('sends nothing for a refused post', async () => {
    const ws = await makeWorkspace(h);
    const socket = await online(ws, ws.admin);
    const created = record(socket, 'post.created');
    const refused = await http(ws.employee, 'POST', '/api/post', { kind: 'thanks', text: 'Thanks!', mentions: [] });
    expect(refused.status).toBe(400);
    // The next accepted post arrives alone: the refused one announced nothing before it.
    const marker = next(socket, 'post.created');
    const accepted = await http(ws.employee, 'POST', '/api/post', { text: 'Accepted' });
    expect((await marker)._id).toBe(accepted.body.result._id);
    expect(created.map((post) => post._id)).toEqual([accepted.body.result._id]);
  });

  it('announces edits, likes, comments and deletions of open posts', async () => {
    const ws = await makeWorkspace(h);
    const watcher = await online(ws, ws.admin);
    const id = (await http(ws.employee, 'POST', '/api/post', { text: 'Version 1' })).body.result._id;

    const updated = next(watcher, 'post.updated');
    await http(ws.employee, 'PUT', `/api/post/${id}`, { text: 'Version 2' });
    expect(await updated).toMatchObject({ _id: id, text: 'Version 2', edited: true });

    // A pin is a change of the post like an edit: every reader moves it to the top of the company feed.
    const employeeSocket = await online(ws, ws.employee);
    const pinned = next(employeeSocket, 'post.updated');
    await http(ws.admin, 'PUT', `/api/post/${id}/pin`, { pinned: true });
    expect(await pinned).toMatchObject({ _id: id, pinned: true, can: { pin: false } });

    const liked = next(watcher, 'post.liked');
    await http(ws.employee, 'POST', '/api/post/like', { like_type: 'post', id, reaction: 'wow' });
    expect(await liked).toEqual({
      like_type: 'post',
      id,
      post_id: id,
      likes: 1,
      reactions: { like: 0, love: 0, laugh: 0, wow: 1, sad: 0, celebrate: 0 },
    });

    const commented = next(watcher, 'comment.created');
    const comment = (await http(ws.employee, 'POST', '/api/comment', { parent: { type: 'post', id }, text: 'First!' }))
      .body.result;
    expect(await commented).toMatchObject({
      comment: { _id: comment._id, text: 'First!', can: { edit: false, delete: false } },
      subject: { type: 'post', id },
      post_id: id,
      commentsCount: 1,
    });

    const commentEdited = next(watcher, 'comment.updated');
    await http(ws.employee, 'PUT', `/api/comment/${comment._id}`, { text: 'First, edited' });
    expect(await commentEdited).toMatchObject({
      comment: { _id: comment._id, text: 'First, edited', status: 'edited' },
    });

    const answerLiked = next(watcher, 'post.liked');
    await http(ws.employee, 'POST', '/api/post/like', { like_type: 'comment', id: comment._id });
    expect(await answerLiked).toMatchObject({ like_type: 'comment', id: comment._id, post_id: id, likes: 1 });

    const uncommented = next(watcher, 'comment.deleted');
    await http(ws.employee, 'DELETE', `/api/comment/${comment._id}`);
    expect(await uncommented).toMatchObject({ _id: comment._id, post_id: id, commentsCount: 0 });

    const deleted = next(watcher, 'post.deleted');
    await http(ws.employee, 'DELETE', `/api/post/${id}`);
    expect(await deleted).toEqual({ _id: id, parent: { type: 'company', id: ws.id, where: '' } });
  });
});
