import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeUser, makeWorkspace, type TestUser } from '../../test/harness.js';
import { settled } from '../../test/notifications.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ JOBS: '1' });
});
afterAll(() => h.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = async (who: TestUser, method: Method, url: string, body?: unknown) => {
  const res = await call(h, who, method, url, body);
  return { status: res.statusCode, body: res.json() };
};
const ok = async (who: TestUser, method: Method, url: string, body?: unknown) => {
  const res = await call(h, who, method, url, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
};
const newGroup = async (owner: TestUser, type: 'public' | 'closed' | 'private', name = `Group ${type}`) =>
  (await ok(owner, 'POST', '/api/group/', { name, description: `About ${name}`, type })).result;

async function entries(clientId: string, who: TestUser) {
  await settled(h, clientId);
  const res = await call(h, who, 'GET', `/api/notification/${clientId}/groups/${who.id}/now`);
  return (res.json().result as { code: string; title: string; link: string }[]).map((e) => ({
    code: e.code,
    title: e.title,
    link: e.link,
  }));
}

describe('grants on a group', () => {
  it('per-user grants decide first; audience grants follow, none winning; members always write', async () => {
    const ws = await makeWorkspace(h);
    const owner = await makeUser(h, ws.id, { firstName: 'Olga', lastName: 'Owner' });
    const reader = await makeUser(h, ws.id, { department: 'Finance' });
    const writer = await makeUser(h, ws.id, { department: 'Finance', city: 'Lviv' });
    const stranger = await makeUser(h, ws.id, { department: 'Sales' });
    const closed = await newGroup(owner, 'closed', 'Budget');
    const can = async (who: TestUser, id = closed._id) => (await req(who, 'GET', `/api/group/${id}`)).body.result?.can;
    expect(await can(reader)).toMatchObject({ read: false, post: false });

    const granted = await ok(owner, 'PUT', `/api/group/${closed._id}/grants`, {
      grants: [
        { audience: 'department', values: ['finance'], level: 'read' },
        { audience: 'city', values: ['Lviv'], level: 'write' },
      ],
    });
    expect(granted.result.grants).toEqual([
      { audience: 'department', values: ['finance'], from: null, to: null, level: 'read' },
      { audience: 'city', values: ['Lviv'], from: null, to: null, level: 'write' },
    ]);
    expect(await can(reader)).toMatchObject({ read: true, post: false });
    expect(await can(writer)).toMatchObject({ read: true, post: true });
    expect(await can(stranger)).toMatchObject({ read: false });
    // The grants themselves are for managers only.
    expect((await ok(reader, 'GET', `/api/group/${closed._id}`)).result.grants).toEqual([]);
    expect((await req(reader, 'PUT', `/api/group/${closed._id}/grants`, { grants: [] })).status).toBe(403);
    const writerPost = await req(writer, 'POST', '/api/post', {
      text: 'From Lviv',
      parent: { type: 'group', id: closed._id },
    });
    expect(writerPost.status).toBe(200);
    expect(
      (await req(reader, 'POST', '/api/post', { text: 'x', parent: { type: 'group', id: closed._id } })).status,
    ).toBe(403);
    expect((await ok(reader, 'GET', `/api/post/group/${closed._id}`)).total).toBe(1);

    // A per-user grant overrides the audience: none hides, write lets post.
    await ok(owner, 'POST', `/api/group/${closed._id}/grants/user/${writer.id}`, { level: 'none' });
    expect(await can(writer)).toMatchObject({ read: false, post: false });
    const detail = await ok(owner, 'POST', `/api/group/${closed._id}/grants/user/${stranger.id}`, { level: 'write' });
    expect(detail.result.userGrants).toHaveLength(2);
    expect(await can(stranger)).toMatchObject({ read: true, post: true });
    await ok(owner, 'DELETE', `/api/group/${closed._id}/grants/user/${writer.id}`);
    expect(await can(writer)).toMatchObject({ read: true, post: true });
    const other = await makeWorkspace(h);
    expect((await req(owner, 'POST', `/api/group/${closed._id}/grants/user/${other.employee.id}`, {})).status).toBe(
      404,
    );
    expect((await req(reader, 'POST', `/api/group/${closed._id}/grants/user/${reader.id}`, {})).status).toBe(403);

    // An audience none hides a public group's wall from its audience, but never from members.
    const open = await newGroup(owner, 'public', 'Open');
    await ok(writer, 'POST', `/api/group/${open._id}/join`);
    await ok(owner, 'PUT', `/api/group/${open._id}`, {
      grants: [{ audience: 'department', values: ['Finance'], level: 'none' }],
    });
    expect(await can(reader, open._id)).toMatchObject({ read: false });
    expect(await can(writer, open._id)).toMatchObject({ read: true, post: true });
    expect(await can(stranger, open._id)).toMatchObject({ read: true, post: false });
    expect(await ok(reader, 'GET', `/api/group/can_read_by/${reader.id}`)).toEqual({ result: [closed._id] });
    expect((await req(reader, 'GET', `/api/group/can_read_by/${writer.id}`)).status).toBe(403);
  });

  it('refuses bad grants and grants naming strangers, changing nothing', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const group = await newGroup(ws.admin, 'public');
    const bad = [
      [{ audience: 'manual', values: [other.employee.id], level: 'read' }, 'grants', 'audience_person_unknown'],
      [{ audience: 'city', values: [], level: 'read' }, 'grants.0.values', 'audience_values_required'],
      [{ audience: 'city', values: ['Kyiv'], level: 'admin' }, 'grants.0.level', 'grant_level_unknown'],
      [{ audience: 'working_time', from: 10, to: 2, level: 'read' }, 'grants.0.from', 'tenure_range_invalid'],
    ] as const;
    for (const [grant, field, code] of bad) {
      const res = await req(ws.admin, 'PUT', `/api/group/${group._id}/grants`, { grants: [grant] });
      expect(res.status, JSON.stringify(grant)).toBe(400);
      expect(res.body.fields?.[field], JSON.stringify(res.body)).toBe(code);
    }
    expect((await ok(ws.admin, 'GET', `/api/group/${group._id}`)).result.grants).toEqual([]);
  });
});

describe('the group wall, its notifications and the important-in-groups widget', () => {
  it('notifies of requests, approvals, rejections, invitations and new posts per follow setting', {
    timeout: 120_000,
  }, async () => {
    const ws = await makeWorkspace(h);
    const owner = await makeUser(h, ws.id, { firstName: 'Olga', lastName: 'Owner' });
    const deputy = await makeUser(h, ws.id, { firstName: 'Dan', lastName: 'Deputy' });
    const asker = await makeUser(h, ws.id, { firstName: 'Ann', lastName: 'Asker' });
    const quiet = await makeUser(h, ws.id, { firstName: 'Quinn', lastName: 'Quiet' });
    const group = await newGroup(owner, 'closed', 'Design');
    const link = `/group/${group._id}`;
    await ok(owner, 'POST', `/api/group/${group._id}/invitations`, { user_ids: [deputy.id, quiet.id] });
    expect(await entries(ws.id, deputy)).toEqual([
      { code: 'groups.invitation', title: 'Olga Owner invites you to the group Design', link },
    ]);
    await ok(deputy, 'POST', `/api/group/${group._id}/invitation/accept`);
    await ok(quiet, 'POST', `/api/group/${group._id}/invitation/accept`);
    await ok(owner, 'PUT', `/api/group/${group._id}/members/${deputy.id}/admin`, { admin: true });
    await ok(asker, 'POST', `/api/group/${group._id}/join`);
    const request = { code: 'groups.request', title: 'Ann Asker asks to join the group Design', link };
    expect(await entries(ws.id, owner)).toEqual([request]);
    expect((await entries(ws.id, deputy))[0]).toEqual(request);
    await ok(deputy, 'POST', `/api/group/${group._id}/requests/${asker.id}/reject`);
    expect(await entries(ws.id, asker)).toEqual([
      { code: 'groups.rejected', title: 'Your request to join the group Design was declined', link },
    ]);
    await ok(asker, 'POST', `/api/group/${group._id}/join`);
    await ok(deputy, 'POST', `/api/group/${group._id}/requests/${asker.id}/approve`);
    expect((await entries(ws.id, asker))[0]).toEqual({
      code: 'groups.approved',
      title: 'You are now a member of the group Design',
      link,
    });

    await ok(quiet, 'PUT', `/api/group/${group._id}/follow`, { follow: 'none' });
    const posted = await ok(deputy, 'POST', '/api/post', {
      text: 'Sprint review on Friday',
      parent: { type: 'group', id: group._id },
    });
    const postEntry = {
      code: 'groups.post',
      title: 'Dan Deputy posted in the group Design',
      link: `/post/${posted.result._id}`,
    };
    expect((await entries(ws.id, owner))[0]).toEqual(postEntry);
    expect((await entries(ws.id, asker))[0]).toEqual(postEntry);
    expect((await entries(ws.id, quiet)).map((e) => e.code)).toEqual(['groups.invitation']);
    expect((await entries(ws.id, deputy)).map((e) => e.code)).not.toContain('groups.post');
  });

  it('shows must-read and most-reacted group posts the person may read', async () => {
    const ws = await makeWorkspace(h);
    const owner = await makeUser(h, ws.id);
    const mine = await newGroup(owner, 'public', 'Mine');
    const closed = await newGroup(owner, 'closed', 'Closed');
    await ok(ws.employee, 'POST', `/api/group/${mine._id}/join`);
    await ok(ws.admin, 'POST', `/api/group/${mine._id}/join`);
    const calm = await ok(owner, 'POST', '/api/post', { text: 'Calm news', parent: { type: 'group', id: mine._id } });
    const hot = await ok(owner, 'POST', '/api/post', { text: 'Hot news', parent: { type: 'group', id: mine._id } });
    await ok(owner, 'POST', '/api/post', { text: 'Closed news', parent: { type: 'group', id: closed._id } });
    await ok(ws.admin, 'POST', '/api/post/like', { like_type: 'post', id: calm.result._id });
    await ok(ws.employee, 'POST', '/api/post/like', { like_type: 'post', id: calm.result._id });
    await ok(ws.admin, 'POST', '/api/post/like', { like_type: 'post', id: hot.result._id });
    const rule = await ok(ws.admin, 'POST', '/api/post', {
      text: 'Read the rules',
      parent: { type: 'group', id: mine._id },
      mustRead: true,
    });
    const widget = async () =>
      (await ok(ws.employee, 'GET', '/api/post/important_in_groups')).result.map((p: { text: string }) => p.text);
    expect(await widget()).toEqual(['Read the rules', 'Calm news', 'Hot news']);
    await ok(ws.employee, 'PUT', `/api/post/${rule.result._id}/ack`);
    expect(await widget()).toEqual(['Calm news', 'Hot news', 'Read the rules']);
    const stranger = await makeWorkspace(h);
    expect((await ok(stranger.employee, 'GET', '/api/post/important_in_groups')).result).toEqual([]);
  });

  it('deletes a group with its posts', async () => {
    const ws = await makeWorkspace(h);
    const group = await newGroup(ws.employee, 'public');
    const post = await ok(ws.employee, 'POST', '/api/post', { text: 'Bye', parent: { type: 'group', id: group._id } });
    await ok(ws.employee, 'DELETE', `/api/group/${group._id}`);
    expect((await req(ws.employee, 'GET', `/api/post/${post.result._id}`)).status).toBe(404);
    expect((await ok(ws.employee, 'GET', `/api/group/byUser/${ws.employee.id}`)).total).toBe(0);
  });
});

describe('projects', () => {
  it('creates a project with participants and a wall; leads edit; participants post; others read', async () => {
    const ws = await makeWorkspace(h);
    const lead = await makeUser(h, ws.id, { firstName: 'Lena', lastName: 'Lead' });
    const dev = await makeUser(h, ws.id, { firstName: 'Dev', lastName: 'Eloper' });
    const watcher = await makeUser(h, ws.id);
    const created = await ok(lead, 'POST', '/api/project/', {
      name: 'Mobile app',
      description: 'Offline first',
      status: 'active',
      start: '2026-01-10',
      end: '2026-06-30',
      participants: [
        { user_id: dev.id, role: 'member' },
        { user_id: watcher.id, role: 'observer' },
      ],
    });
    const project = created.result;
    expect(project).toMatchObject({
      name: 'Mobile app',
      status: 'active',
      start: '2026-01-10',
      creatorId: lead.id,
      myRole: 'lead',
      participantsCount: 3,
      can: { edit: true, delete: true, manageParticipants: true, post: true },
    });
    expect(project.participants.map((p: { role: string }) => p.role)).toEqual(['lead', 'member', 'observer']);

    // The wall is a hidden group: posts work, it is never listed, its membership is the project's.
    await ok(dev, 'POST', '/api/post', { text: 'First build is green', parent: { type: 'group', id: project.wall } });
    expect(
      (await req(watcher, 'POST', '/api/post', { text: 'x', parent: { type: 'group', id: project.wall } })).status,
    ).toBe(403);
    expect((await ok(ws.employee, 'GET', `/api/post/group/${project.wall}`)).total).toBe(1);
    expect((await ok(ws.admin, 'GET', `/api/group/${project.wall}`)).result).toMatchObject({
      kind: 'project',
      project: project._id,
    });
    expect((await ok(lead, 'GET', `/api/group/byClient/${ws.id}`)).total).toBe(0);
    expect((await req(ws.employee, 'POST', `/api/group/${project.wall}/join`)).body.code).toBe('group_project_wall');

    expect((await req(dev, 'PUT', `/api/project/${project._id}`, { status: 'done' })).status).toBe(403);
    const edited = await ok(lead, 'PUT', `/api/project/${project._id}`, { status: 'paused', description: 'Later' });
    expect(edited.result).toMatchObject({ status: 'paused', description: 'Later' });
    expect((await req(lead, 'PUT', `/api/project/${project._id}`, { end: '2025-01-01' })).body.code).toBe(
      'project_dates_invalid',
    );

    // Participants: roles change, the watcher becomes a member and may post; the last lead stays.
    const added = await ok(lead, 'POST', '/api/projectParticipant/', {
      project_id: project._id,
      user_id: watcher.id,
      role: 'member',
    });
    expect(added.result.participantsCount).toBe(3);
    await ok(watcher, 'POST', '/api/post', { text: 'Hello team', parent: { type: 'group', id: project.wall } });
    expect(
      (
        await req(lead, 'POST', '/api/projectParticipant/', {
          project_id: project._id,
          user_id: lead.id,
          role: 'member',
        })
      ).body.code,
    ).toBe('project_last_lead');
    const other = await makeWorkspace(h);
    expect(
      (
        await req(lead, 'POST', '/api/projectParticipant/', {
          project_id: project._id,
          user_id: other.employee.id,
          role: 'member',
        })
      ).status,
    ).toBe(400);
    const left = await ok(dev, 'DELETE', `/api/projectParticipant/${project._id}/${dev.id}`);
    expect(left.result.participantsCount).toBe(2);
    expect(
      (await req(dev, 'POST', '/api/post', { text: 'x', parent: { type: 'group', id: project.wall } })).status,
    ).toBe(403);

    const list = await ok(ws.employee, 'GET', '/api/project/?search=mobile');
    expect(list).toMatchObject({ total: 1, result: [{ _id: project._id, myRole: null, can: { edit: false } }] });
    expect((await ok(watcher, 'GET', '/api/project/?mine=1')).total).toBe(1);
    expect((await ok(ws.employee, 'GET', '/api/project/?mine=1')).total).toBe(0);
    expect((await req(other.admin, 'GET', `/api/project/${project._id}`)).status).toBe(404);
    expect((await req(dev, 'DELETE', `/api/project/${project._id}`)).status).toBe(403);
    await ok(lead, 'DELETE', `/api/project/${project._id}`);
    expect((await req(lead, 'GET', `/api/project/${project._id}`)).body.code).toBe('project_not_found');
    expect((await req(lead, 'GET', `/api/group/${project.wall}`)).status).toBe(404);
  });

  it('refuses bad project input', async () => {
    const ws = await makeWorkspace(h);
    const cases = [
      [{ name: '' }, 'name', 'required'],
      [{ name: 'x'.repeat(101) }, 'name', 'too_long'],
      [{ name: 'x', status: 'someday' }, 'status', 'validation'],
      [{ name: 'x', start: '2026-02-01', end: '2026-01-01' }, 'end', 'project_dates_invalid'],
    ] as const;
    for (const [body, field, code] of cases) {
      const res = await req(ws.employee, 'POST', '/api/project/', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fields?.[field], JSON.stringify(res.body)).toBe(code);
    }
    expect((await ok(ws.employee, 'GET', '/api/project/')).total).toBe(0);
  });
});

describe("a group's text stays with its readers", () => {
  async function told(clientId: string, code: string) {
    await settled(h, clientId);
    const { rows } = await h.platform.database.query(
      'SELECT recipients FROM notification_events WHERE client_id = $1 AND code = $2',
      [clientId, code],
    );
    return (rows as { recipients: { ids?: string[]; everyone?: true } }[]).map((r) => r.recipients);
  }

  it('mentions in a private group tell only those who may read it, in posts, edits and comments', async () => {
    const ws = await makeWorkspace(h);
    const owner = await makeUser(h, ws.id, { firstName: 'Olga', lastName: 'Owner' });
    const member = await makeUser(h, ws.id, { firstName: 'Mia', lastName: 'Member' });
    const outsider = await makeUser(h, ws.id, { firstName: 'Otto', lastName: 'Outsider' });
    const secret = await newGroup(owner, 'private', 'Board');
    await ok(owner, 'POST', `/api/group/${secret._id}/invitations`, { user_ids: [member.id] });
    await ok(member, 'POST', `/api/group/${secret._id}/invitation/accept`);
    const text = 'Reorganisation planned for March';
    const post = (
      await ok(owner, 'POST', '/api/post', {
        text,
        parent: { type: 'group', id: secret._id },
        mentions: [member.id, outsider.id, ws.admin.id],
      })
    ).result;
    // The post is 404 to the people outside, and so no notice carries its text to them.
    expect((await req(outsider, 'GET', `/api/post/${post._id}`)).status).toBe(404);
    await ok(owner, 'PUT', `/api/post/${post._id}`, {
      text: `${text}, confirmed`,
      mentions: [member.id, outsider.id, ws.employee.id],
    });
    await ok(member, 'POST', '/api/comment', {
      parent: { type: 'post', id: post._id },
      text: 'Keep it quiet until then',
      mentions: [outsider.id, owner.id],
    });
    expect(await told(ws.id, 'posts.mention')).toEqual([{ ids: [member.id] }, { ids: [owner.id] }]);
    // Whatever section: the people outside have no entry at all, the readers theirs with the text.
    const all = async (who: TestUser) => {
      const res = await call(h, who, 'GET', `/api/notification/${ws.id}/all`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result as { code: string }[];
    };
    for (const who of [outsider, ws.admin, ws.employee]) expect(await all(who)).toEqual([]);
    const mine = JSON.stringify((await all(member)).filter((e) => e.code === 'posts.mention'));
    expect(mine).toContain(text);
    // In a public group everyone reads, so everyone mentioned is told.
    const open = await newGroup(owner, 'public', 'Lunch');
    await ok(owner, 'POST', '/api/post', {
      text: 'Pizza today',
      parent: { type: 'group', id: open._id },
      mentions: [outsider.id],
    });
    expect((await told(ws.id, 'posts.mention')).at(-1)).toEqual({ ids: [outsider.id] });
  });

  it("in a closed group, other people's reading is decided by their own grants and role", async () => {
    const ws = await makeWorkspace(h);
    const owner = await makeUser(h, ws.id, { firstName: 'Olga', lastName: 'Owner' });
    const auditor = await makeUser(h, ws.id, { department: 'Audit' });
    const stranger = await makeUser(h, ws.id, { department: 'Sales' });
    const denied = await makeUser(h, ws.id, { department: 'Audit', city: 'Odesa' });
    const closed = await newGroup(owner, 'closed', 'Ledger');
    await ok(owner, 'PUT', `/api/group/${closed._id}/grants`, {
      grants: [
        { audience: 'department', values: ['audit'], level: 'read' },
        { audience: 'city', values: ['Odesa'], level: 'none' },
      ],
    });
    const post = (
      await ok(owner, 'POST', '/api/post', {
        text: 'Quarter closed',
        parent: { type: 'group', id: closed._id },
        mentions: [stranger.id, ws.admin.id, denied.id, auditor.id],
      })
    ).result;
    // Administrators read closed groups; the department's grant lets the auditor read; a matching none wins.
    expect(await told(ws.id, 'posts.mention')).toEqual([{ ids: [ws.admin.id, auditor.id] }]);
    // A colleague's group posts, as the owner sees them: of the groups the colleague reads by grant or role.
    const feed = async (of: TestUser) =>
      (await ok(owner, 'GET', `/api/post/group/user/${of.id}`)).result.map((p: { _id: string }) => p._id);
    expect(await feed(auditor)).toEqual([post._id]);
    expect(await feed(ws.admin)).toEqual([post._id]);
    expect(await feed(stranger)).toEqual([]);
    expect(await feed(denied)).toEqual([]);
  });

  it("a group's post marked must-read later is for the group's members, as when posted so", async () => {
    const ws = await makeWorkspace(h);
    const closed = await newGroup(ws.employee, 'closed', 'Finance');
    const post = (
      await ok(ws.employee, 'POST', '/api/post', { text: 'Budget draft', parent: { type: 'group', id: closed._id } })
    ).result;
    // An administrator reads closed groups and marks the post must-read.
    await ok(ws.admin, 'PUT', `/api/post/${post._id}/must_read`, { mustRead: true });
    expect(await told(ws.id, 'posts.must_read')).toEqual([{ ids: [ws.employee.id] }]);
  });
});
