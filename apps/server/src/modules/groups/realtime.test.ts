import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, makeUser, makeWorkspace } from '../../test/harness.js';
import { next, record, useLiveServer } from '../../test/live.js';

const live = useLiveServer();
const { online, http } = live;
let h: Harness;
beforeAll(() => {
  h = live.h;
});

describe('group realtime', () => {
  it("sends a group's posts to its room: members who joined, and readers who subscribed", async () => {
    const ws = await makeWorkspace(h);
    const outsider = await makeUser(h, ws.id);
    const group = (
      await http(ws.admin, 'POST', '/api/group/', { name: 'Live', description: 'Live group', type: 'public' })
    ).body.result;
    const member = await online(ws, ws.employee);
    const memberships = record(member, 'group.membership');
    const outside = await online(ws, outsider);
    const outsideSeen = record(outside, 'post.created');
    const counted = next(member, 'group.members');
    expect((await http(ws.employee, 'POST', `/api/group/${group._id}/join`)).status).toBe(200);
    expect(await counted).toEqual({ _id: group._id, membersCount: 2 });
    expect(memberships).toEqual([{ _id: group._id }]);

    const arrived = next(member, 'post.created');
    const posted = await http(ws.admin, 'POST', '/api/post', {
      text: 'Group only',
      parent: { type: 'group', id: group._id },
    });
    expect((await arrived)._id).toBe(posted.body.result._id);
    // A company post sent afterwards reaches the outsider alone: the group's post never went to them.
    const marker = next(outside, 'post.created');
    const company = await http(ws.admin, 'POST', '/api/post', { text: 'Everyone' });
    expect((await marker)._id).toBe(company.body.result._id);
    expect(outsideSeen.map((p) => p._id)).toEqual([company.body.result._id]);

    // A reader of the public group subscribes from its page and hears its posts from then on.
    expect(await outside.timeout(30_000).emitWithAck('group.subscribe', { group_id: group._id })).toEqual({
      result: true,
    });
    const second = next(outside, 'post.created');
    const again = await http(ws.admin, 'POST', '/api/post', {
      text: 'Group again',
      parent: { type: 'group', id: group._id },
    });
    expect((await second)._id).toBe(again.body.result._id);
  });

  it('refuses to subscribe to a group the person may not read', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const secret = (
      await http(ws.admin, 'POST', '/api/group/', { name: 'Secret', description: 'Hidden', type: 'private' })
    ).body.result;
    const socket = await online(ws, ws.employee);
    expect(await socket.timeout(30_000).emitWithAck('group.subscribe', { group_id: secret._id })).toMatchObject({
      code: 'no_access',
    });
    const stranger = await online(other, other.admin);
    expect(await stranger.timeout(30_000).emitWithAck('group.subscribe', { group_id: secret._id })).toMatchObject({
      code: 'no_access',
    });
  });
});
