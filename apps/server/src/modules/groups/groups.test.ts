import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX } from '@hallway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeUser, makeWorkspace, type TestUser } from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const req = async (who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
  const res = await call(h, who, method, url, body);
  return { status: res.statusCode, body: res.json() };
};
const ok = async (who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
  const res = await call(h, who, method, url, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
};
const newGroup = async (owner: TestUser, type: 'public' | 'closed' | 'private', name = `Group ${type}`) =>
  (await ok(owner, 'POST', '/api/group/', { name, description: `About ${name}`, type })).result;

describe('POST api/group/ and GET/PUT/DELETE api/group/{id}', () => {
  it('creates a group whose creator is its owner and only member, and answers what the caller may do', async () => {
    const ws = await makeWorkspace(h);
    const group = await newGroup(ws.employee, 'public', 'Chess lovers');
    expect(group).toMatchObject({
      name: 'Chess lovers',
      type: 'public',
      kind: 'group',
      membersCount: 1,
      owner: { _id: ws.employee.id },
      membership: { role: 'owner', follow: 'all', requested: false, invited: false },
      can: { read: true, post: true, edit: true, delete: true, leave: false, join: false, manage: true },
    });
    const seen = (await ok(ws.admin, 'GET', `/api/group/${group._id}`)).result;
    expect(seen).toMatchObject({
      membership: { role: null },
      can: { read: true, post: false, join: true, edit: true },
    });
    const renamed = await ok(ws.employee, 'PUT', `/api/group/${group._id}`, { name: 'Chess club', type: 'closed' });
    expect(renamed.result).toMatchObject({ name: 'Chess club', type: 'closed' });
    const other = await makeUser(h, ws.id);
    expect((await req(other, 'PUT', `/api/group/${group._id}`, { name: 'Mine now' })).status).toBe(403);
    expect((await req(other, 'DELETE', `/api/group/${group._id}`)).status).toBe(403);
    expect(await ok(ws.employee, 'DELETE', `/api/group/${group._id}`)).toEqual({ result: true });
    expect((await req(ws.employee, 'GET', `/api/group/${group._id}`)).body).toMatchObject({ code: 'group_not_found' });
  });

  it('refuses bad input with clear codes and changes nothing', async () => {
    const ws = await makeWorkspace(h);
    const bad = [
      [{ description: 'x', type: 'public' }, 'name', 'required'],
      [{ name: 'x'.repeat(GROUP_NAME_MAX + 1), description: 'x', type: 'public' }, 'name', 'too_long'],
      [{ name: 'x', description: '', type: 'public' }, 'description', 'required'],
      [{ name: 'x', description: 'x'.repeat(GROUP_DESCRIPTION_MAX + 1), type: 'public' }, 'description', 'too_long'],
      [{ name: 'x', description: 'x' }, 'type', 'group_type_required'],
      [{ name: 'x', description: 'x', type: 'secret' }, 'type', 'group_type_required'],
    ] as const;
    for (const [body, field, code] of bad) {
      const res = await req(ws.employee, 'POST', '/api/group/', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fields?.[field], JSON.stringify(res.body)).toBe(code);
    }
    expect((await ok(ws.employee, 'GET', `/api/group/byClient/${ws.id}`)).total).toBe(0);
    const noRight = await makeUser(h, ws.id, { rights: { groups: false } });
    expect((await req(noRight, 'POST', '/api/group/', { name: 'x', description: 'x', type: 'public' })).status).toBe(
      403,
    );
  });

  it('hides private groups from non-members: 404 and absent from lists and search', async () => {
    const ws = await makeWorkspace(h);
    const secret = await newGroup(ws.employee, 'private', 'Secret circle');
    await newGroup(ws.employee, 'public', 'Open circle');
    const other = await makeUser(h, ws.id);
    for (const who of [other, ws.admin]) {
      const res = await req(who, 'GET', `/api/group/${secret._id}`);
      expect(res).toMatchObject({ status: 404, body: { code: 'group_not_found' } });
      const list = await ok(who, 'GET', `/api/group/byClient/${ws.id}?search=circle`);
      expect(list.result.map((g: { name: string }) => g.name)).toEqual(['Open circle']);
      const theirs = await ok(who, 'GET', `/api/group/byUser/${ws.employee.id}`);
      expect(theirs.total).toBe(1);
      expect((await req(who, 'POST', `/api/group/${secret._id}/join`)).status).toBe(404);
      expect((await req(who, 'GET', `/api/post/group/${secret._id}`)).status).toBe(404);
    }
    const mine = await ok(ws.employee, 'GET', `/api/group/byClient/${ws.id}?search=circle`);
    expect(mine.total).toBe(2);
  });

  it("answers another workspace's group as unknown", async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const group = await newGroup(other.employee, 'public', 'Foreign');
    expect((await req(ws.admin, 'GET', `/api/group/${group._id}`)).status).toBe(404);
    expect((await req(ws.admin, 'GET', `/api/group/byClient/${other.id}`)).status).toBe(403);
    expect((await req(ws.admin, 'POST', `/api/group/${group._id}/join`)).status).toBe(404);
  });

  it('pages the directory by name, 20 a page, and searches name and description', async () => {
    const ws = await makeWorkspace(h);
    for (let i = 0; i < 23; i++) await newGroup(ws.employee, 'public', `Team ${String(i).padStart(2, '0')}`);
    const first = await ok(ws.admin, 'GET', `/api/group/byClient/${ws.id}`);
    expect(first).toMatchObject({ page: 0, pages: 2, total: 23 });
    expect(first.result).toHaveLength(20);
    expect(first.result[0].name).toBe('Team 00');
    const second = await ok(ws.admin, 'GET', `/api/group/byClient/${ws.id}?page=1`);
    expect(second.result.map((g: { name: string }) => g.name)).toEqual(['Team 20', 'Team 21', 'Team 22']);
    expect((await ok(ws.admin, 'GET', `/api/group/byClient/${ws.id}?search=about%20team%2007`)).total).toBe(1);
    expect((await ok(ws.admin, 'GET', `/api/group/byClient/${ws.id}?search=100%25`)).total).toBe(0);
  });
});

describe('membership', () => {
  it('joins a public group at once; a closed one by an approved request; notifications follow', async () => {
    const ws = await makeWorkspace(h);
    const open = await newGroup(ws.admin, 'public');
    const joined = await ok(ws.employee, 'POST', `/api/group/${open._id}/join`);
    expect(joined.result).toMatchObject({ membersCount: 2, membership: { role: 'member' }, can: { leave: true } });
    expect(await req(ws.employee, 'POST', `/api/group/${open._id}/join`)).toMatchObject({
      status: 409,
      body: { code: 'group_already_member' },
    });

    const closed = await newGroup(ws.admin, 'closed');
    const asked = await ok(ws.employee, 'POST', `/api/group/${closed._id}/join`);
    expect(asked.result).toMatchObject({
      membersCount: 1,
      membership: { role: null, requested: true },
      can: { read: false, request: false, cancelRequest: true },
    });
    expect((await req(ws.employee, 'POST', `/api/group/${closed._id}/join`)).body.code).toBe('group_request_exists');
    const inbox = (await ok(ws.admin, 'GET', '/api/group/inbox')).result;
    expect(inbox.toApprove).toHaveLength(1);
    expect(inbox.toApprove[0]).toMatchObject({ group: { _id: closed._id }, user: { _id: ws.employee.id } });
    expect((await ok(ws.employee, 'GET', '/api/group/inbox')).result.requests[0].group._id).toBe(closed._id);
    const pending = await ok(ws.admin, 'GET', `/api/group/${closed._id}/requests`);
    expect(pending).toMatchObject({ total: 1, result: [{ user: { _id: ws.employee.id } }] });

    // Only a manager approves.
    const bystander = await makeUser(h, ws.id);
    expect((await req(bystander, 'POST', `/api/group/${closed._id}/requests/${ws.employee.id}/approve`)).status).toBe(
      403,
    );
    const approved = await ok(ws.admin, 'POST', `/api/group/${closed._id}/requests/${ws.employee.id}/approve`);
    expect(approved.result).toMatchObject({ membersCount: 2, requestsCount: 0 });
    expect((await ok(ws.employee, 'GET', `/api/group/${closed._id}`)).result.membership.role).toBe('member');
    expect((await req(ws.admin, 'POST', `/api/group/${closed._id}/requests/${ws.employee.id}/approve`)).status).toBe(
      404,
    );

    // A rejected request, and a cancelled one.
    const other = await makeUser(h, ws.id);
    await ok(other, 'POST', `/api/group/${closed._id}/join`);
    await ok(ws.admin, 'POST', `/api/group/${closed._id}/requests/${other.id}/reject`);
    expect((await ok(other, 'GET', `/api/group/${closed._id}`)).result.membership).toMatchObject({
      role: null,
      requested: false,
    });
    await ok(other, 'POST', `/api/group/${closed._id}/join`);
    await ok(other, 'DELETE', `/api/group/${closed._id}/request`);
    expect((await req(other, 'DELETE', `/api/group/${closed._id}/request`)).body.code).toBe('group_request_not_found');
  });

  it('invites to a private group; the invitee accepts or declines; strangers cannot be invited', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const secret = await newGroup(ws.admin, 'private', 'Board');
    const guest = await makeUser(h, ws.id);
    const foreign = await req(ws.admin, 'POST', `/api/group/${secret._id}/invitations`, {
      user_ids: [ws.employee.id, other.employee.id],
    });
    expect(foreign).toMatchObject({ status: 400, body: { code: 'group_invitee_unknown' } });
    expect((await ok(ws.admin, 'GET', `/api/group/${secret._id}`)).result.invitationsCount).toBe(0);
    expect((await req(ws.employee, 'POST', `/api/group/${secret._id}/join`)).status).toBe(404);

    const after = await ok(ws.admin, 'POST', `/api/group/${secret._id}/invitations`, {
      user_ids: [ws.employee.id, guest.id],
    });
    expect(after.result.invitationsCount).toBe(2);
    // The invitee now sees the group (and only the invitation, not the wall).
    const seen = (await ok(ws.employee, 'GET', `/api/group/${secret._id}`)).result;
    expect(seen).toMatchObject({ membership: { invited: true }, can: { read: false, answerInvitation: true } });
    expect((await ok(ws.employee, 'GET', '/api/group/inbox')).result.invitations[0]).toMatchObject({
      group: { _id: secret._id },
      by: { _id: ws.admin.id },
    });
    const accepted = await ok(ws.employee, 'POST', `/api/group/${secret._id}/invitation/accept`);
    expect(accepted.result).toMatchObject({ membersCount: 2, membership: { role: 'member', invited: false } });
    expect(await ok(guest, 'POST', `/api/group/${secret._id}/invitation/decline`)).toEqual({ result: true });
    expect((await req(guest, 'GET', `/api/group/${secret._id}`)).status).toBe(404);

    // A member of a private group may not invite; a manager withdraws an invitation.
    expect(
      (await req(ws.employee, 'POST', `/api/group/${secret._id}/invitations`, { user_ids: [guest.id] })).status,
    ).toBe(403);
    await ok(ws.admin, 'POST', `/api/group/${secret._id}/invitations`, { user_ids: [guest.id] });
    const listed = await ok(ws.admin, 'GET', `/api/group/${secret._id}/invitations`);
    expect(listed).toMatchObject({ total: 1, result: [{ user: { _id: guest.id }, by: { _id: ws.admin.id } }] });
    await ok(ws.admin, 'DELETE', `/api/group/${secret._id}/invitations/${guest.id}`);
    expect((await req(guest, 'GET', `/api/group/${secret._id}`)).status).toBe(404);
  });

  it('refuses joining a private group the person sees through a grant: invitation only, nothing changed', async () => {
    const ws = await makeWorkspace(h);
    const secret = await newGroup(ws.admin, 'private', 'Auditors');
    await ok(ws.admin, 'POST', `/api/group/${secret._id}/grants/user/${ws.employee.id}`, { level: 'read' });
    const seen = (await ok(ws.employee, 'GET', `/api/group/${secret._id}`)).result;
    expect(seen).toMatchObject({ can: { read: true, join: false, request: false }, membership: { role: null } });
    expect(await req(ws.employee, 'POST', `/api/group/${secret._id}/join`)).toMatchObject({
      status: 403,
      body: { code: 'group_invitation_only' },
    });
    expect((await ok(ws.admin, 'GET', `/api/group/${secret._id}`)).result).toMatchObject({
      membersCount: 1,
      requestsCount: 0,
    });
  });

  it('lists members with roles; toggles admins; removes members; the owner cannot leave', async () => {
    const ws = await makeWorkspace(h);
    const group = await newGroup(ws.admin, 'public');
    const anna = await makeUser(h, ws.id, { firstName: 'Anna', lastName: 'Alpha' });
    const zed = await makeUser(h, ws.id, { firstName: 'Zed', lastName: 'Zulu' });
    for (const who of [zed, anna, ws.employee]) await ok(who, 'POST', `/api/group/${group._id}/join`);
    const toggled = await ok(ws.admin, 'PUT', `/api/group/${group._id}/members/${zed.id}/admin`, { admin: true });
    expect(toggled.result).toMatchObject({ role: 'admin', user: { _id: zed.id } });
    const page = await ok(anna, 'GET', `/api/group/${group._id}/members`);
    expect(page.total).toBe(4);
    expect(page.result.map((m: { role: string }) => m.role)).toEqual(['owner', 'admin', 'member', 'member']);
    expect(page.result[2].user.name).toBe('Anna Alpha');
    expect(page.result[2].can).toEqual({ toggleAdmin: false, remove: false, makeOwner: false });
    expect((await ok(anna, 'GET', `/api/group/${group._id}/members?role=admin`)).total).toBe(1);
    expect((await ok(anna, 'GET', `/api/group/${group._id}/members?search=zulu`)).result[0].user._id).toBe(zed.id);

    // Group admins manage; members do not.
    expect((await req(anna, 'PUT', `/api/group/${group._id}/members/${zed.id}/admin`, { admin: false })).status).toBe(
      403,
    );
    await ok(zed, 'DELETE', `/api/group/${group._id}/members/${anna.id}`);
    expect((await ok(zed, 'GET', `/api/group/${group._id}`)).result.membersCount).toBe(3);
    expect((await req(zed, 'DELETE', `/api/group/${group._id}/members/${ws.admin.id}`)).body.code).toBe(
      'group_owner_role',
    );
    expect((await req(zed, 'PUT', `/api/group/${group._id}/members/${anna.id}/admin`, { admin: true })).body.code).toBe(
      'group_not_member',
    );
    expect((await req(ws.admin, 'POST', `/api/group/${group._id}/leave`)).body.code).toBe('group_owner_cannot_leave');
    await ok(ws.employee, 'POST', `/api/group/${group._id}/leave`);
    expect((await req(ws.employee, 'POST', `/api/group/${group._id}/leave`)).body.code).toBe('group_not_member');
    expect((await ok(zed, 'GET', `/api/group/${group._id}`)).result).toMatchObject({
      membersCount: 2,
      admins: [{ _id: zed.id }],
    });
  });

  it('changes the owner only to a member; the former owner stays as admin', async () => {
    const ws = await makeWorkspace(h);
    const group = await newGroup(ws.employee, 'closed');
    const outsider = await makeUser(h, ws.id);
    const refused = await req(ws.employee, 'PUT', `/api/group/${group._id}/owner/${outsider.id}`);
    expect(refused).toMatchObject({ status: 400, body: { code: 'group_owner_not_member' } });
    const member = await makeUser(h, ws.id);
    await ok(ws.employee, 'POST', `/api/group/${group._id}/invitations`, { user_ids: [member.id] });
    await ok(member, 'POST', `/api/group/${group._id}/invitation/accept`);
    expect((await req(member, 'PUT', `/api/group/${group._id}/owner/${member.id}`)).status).toBe(403);
    const changed = await ok(ws.employee, 'PUT', `/api/group/${group._id}/owner/${member.id}`);
    expect(changed.result).toMatchObject({ owner: { _id: member.id }, membership: { role: 'admin' } });
    expect(changed.result.membersCount).toBe(2);
  });

  it('replace_owner passes the groups of a leaving owner to an admin, else a member, else the administrator', async () => {
    const ws = await makeWorkspace(h);
    const leaving = await makeUser(h, ws.id);
    const withAdmin = await newGroup(leaving, 'public', 'With admin');
    const withMember = await newGroup(leaving, 'closed', 'With member');
    const alone = await newGroup(leaving, 'private', 'Alone');
    const early = await makeUser(h, ws.id);
    const deputy = await makeUser(h, ws.id);
    await ok(early, 'POST', `/api/group/${withAdmin._id}/join`);
    await ok(deputy, 'POST', `/api/group/${withAdmin._id}/join`);
    await ok(leaving, 'PUT', `/api/group/${withAdmin._id}/members/${deputy.id}/admin`, { admin: true });
    await ok(leaving, 'POST', `/api/group/${withMember._id}/invitations`, { user_ids: [early.id] });
    await ok(early, 'POST', `/api/group/${withMember._id}/invitation/accept`);

    expect((await req(ws.employee, 'POST', `/api/group/replace_owner/${leaving.id}/${ws.id}`)).status).toBe(403);
    const other = await makeWorkspace(h);
    expect((await req(other.admin, 'POST', `/api/group/replace_owner/${leaving.id}/${ws.id}`)).status).toBe(403);
    // Someone of another workspace is unknown there, not a person with no groups to hand over.
    const foreign = await req(other.admin, 'POST', `/api/group/replace_owner/${leaving.id}/${other.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'user_not_found' });
    const res = await ok(ws.admin, 'POST', `/api/group/replace_owner/${leaving.id}/${ws.id}`);
    expect(res.result.groups).toBe(3);
    expect((await ok(deputy, 'GET', `/api/group/${withAdmin._id}`)).result).toMatchObject({
      owner: { _id: deputy.id },
      membersCount: 2,
      membership: { role: 'owner' },
    });
    expect((await ok(early, 'GET', `/api/group/${withMember._id}`)).result.owner._id).toBe(early.id);
    expect((await ok(ws.admin, 'GET', `/api/group/${alone._id}`)).result).toMatchObject({
      owner: { _id: ws.admin.id },
      membersCount: 1,
    });
    expect((await req(leaving, 'GET', `/api/group/${alone._id}`)).status).toBe(404);
  });

  it('keeps the member count true under 50 concurrent joins', async () => {
    const ws = await makeWorkspace(h);
    const group = await newGroup(ws.admin, 'public');
    const people = await Promise.all(Array.from({ length: 50 }, () => makeUser(h, ws.id)));
    const answers = await Promise.all(people.map((p) => call(h, p, 'POST', `/api/group/${group._id}/join`)));
    expect(answers.map((a) => a.statusCode)).toEqual(people.map(() => 200));
    const again = await Promise.all(people.slice(0, 10).map((p) => call(h, p, 'POST', `/api/group/${group._id}/join`)));
    expect(again.map((a) => a.statusCode)).toEqual(people.slice(0, 10).map(() => 409));
    const seen = (await ok(ws.admin, 'GET', `/api/group/${group._id}`)).result;
    expect(seen.membersCount).toBe(51);
    expect((await ok(ws.admin, 'GET', `/api/group/${group._id}/members`)).total).toBe(51);
  });

  it('sets the follow setting for members only', async () => {
    const ws = await makeWorkspace(h);
    const group = await newGroup(ws.admin, 'public');
    expect((await req(ws.employee, 'PUT', `/api/group/${group._id}/follow`, { follow: 'none' })).body.code).toBe(
      'group_not_member',
    );
    await ok(ws.employee, 'POST', `/api/group/${group._id}/join`);
    const set = await ok(ws.employee, 'PUT', `/api/group/${group._id}/follow`, { follow: 'mentions' });
    expect(set.result.membership.follow).toBe('mentions');
    expect((await req(ws.employee, 'PUT', `/api/group/${group._id}/follow`, { follow: 'sometimes' })).status).toBe(400);
  });
});
