// Isolation-suite fixtures of groups and projects: groups of workspace A in every state a call needs (members,
// a join request, an invitation, per-user and audience grants), a project with a participant; and the bodies.
// A call that uses up its object (approve, accept, leave, delete, …) gets a group of its own kind (routes.ts).

import type { Harness } from '../../test/harness.js';
import { type FixtureWorkspace, registerBody, registerObject, registerSocket } from '../../test/isolation/registry.js';
import { as } from '../posts/isolation.js';

const call = async (h: Harness, token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string) => {
  const res = await h.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
  if (res.statusCode !== 200)
    throw new Error(`groups fixture: ${method} ${url} answered ${res.statusCode} ${res.body}`);
  return res.json().result;
};

/** A group of A owned by its administrator. */
async function groupOf(h: Harness, a: FixtureWorkspace, type: 'public' | 'closed' | 'private', name: string) {
  const group = await as(h, a.admin.token, 'POST', '/api/group/', {
    name: `${name} ${a.mark}`,
    description: `The ${name} group of ${a.mark}`,
    type,
  });
  return group._id as string;
}

/** The main group: A's employee is a member, with a per-user grant, audience grants and a post on its wall. */
registerObject('group', async (h, a) => {
  const id = await groupOf(h, a, 'public', 'Main');
  await call(h, a.employee.token, 'POST', `/api/group/${id}/join`);
  await as(h, a.admin.token, 'PUT', `/api/group/${id}/grants`, {
    grants: [
      { audience: 'department', values: [`Secret Department ${a.mark}`], level: 'write' },
      { audience: 'manual', values: [a.employee.id], level: 'read' },
    ],
  });
  await as(h, a.admin.token, 'POST', `/api/group/${id}/grants/user/${a.employee.id}`, { level: 'write' });
  await as(h, a.employee.token, 'POST', '/api/post', { text: `Group news ${a.mark}`, parent: { type: 'group', id } });
  return id;
});

registerObject('group_open', (h, a) => groupOf(h, a, 'public', 'Open'));

async function withMember(h: Harness, a: FixtureWorkspace, name: string) {
  const id = await groupOf(h, a, 'public', name);
  await call(h, a.employee.token, 'POST', `/api/group/${id}/join`);
  return id;
}
registerObject('group_owner', (h, a) => withMember(h, a, 'Owner change'));
registerObject('group_leave', (h, a) => withMember(h, a, 'Leave'));
registerObject('group_delete', (h, a) => withMember(h, a, 'Delete'));

/** A closed group A's employee asked to join. */
async function withRequest(h: Harness, a: FixtureWorkspace, name: string) {
  const id = await groupOf(h, a, 'closed', name);
  await call(h, a.employee.token, 'POST', `/api/group/${id}/join`);
  return id;
}
registerObject('group_approve', (h, a) => withRequest(h, a, 'Approve'));
registerObject('group_reject', (h, a) => withRequest(h, a, 'Reject'));
registerObject('group_cancel', (h, a) => withRequest(h, a, 'Cancel'));

/** A private group A's employee is invited to. */
async function withInvitation(h: Harness, a: FixtureWorkspace, name: string) {
  const id = await groupOf(h, a, 'private', name);
  await as(h, a.admin.token, 'POST', `/api/group/${id}/invitations`, { user_ids: [a.employee.id] });
  return id;
}
registerObject('group_accept', (h, a) => withInvitation(h, a, 'Accept'));
registerObject('group_decline', (h, a) => withInvitation(h, a, 'Decline'));
registerObject('group_withdraw', (h, a) => withInvitation(h, a, 'Withdraw'));

async function projectOf(h: Harness, a: FixtureWorkspace, name: string) {
  const project = await as(h, a.admin.token, 'POST', '/api/project/', {
    name: `${name} project ${a.mark}`,
    description: `Secret roadmap ${a.mark}`,
    status: 'active',
    start: '2026-01-01',
    end: '2026-12-31',
    participants: [{ user_id: a.employee.id, role: 'member' }],
  });
  return project._id as string;
}
registerObject('project', (h, a) => projectOf(h, a, 'Main'));
registerObject('project_delete', (h, a) => projectOf(h, a, 'Doomed'));

registerBody('POST /api/group/', () => ({
  name: 'Intruders',
  description: 'A group made by a stranger',
  type: 'public',
}));
registerBody('PUT /api/group/:id', () => ({ name: 'Renamed by a stranger' }));
registerBody('PUT /api/group/:groupId/grants', ({ a }) => ({
  grants: [{ audience: 'manual', values: [a.employee.id], level: 'write' }],
}));
registerBody('POST /api/group/:groupId/grants/user/:userId', () => ({ level: 'read' }));
registerBody('POST /api/group/:id/invitations', ({ a }) => ({ user_ids: [a.employee.id] }));
registerBody('PUT /api/group/:id/members/:userId/admin', () => ({ admin: true }));
registerBody('PUT /api/group/:id/follow', () => ({ follow: 'mentions' }));
registerBody('POST /api/project/', ({ a }) => ({
  name: 'Stranger project',
  participants: [{ user_id: a.employee.id, role: 'member' }],
}));
registerBody('PUT /api/project/:id', () => ({ name: 'Renamed by a stranger' }));
registerBody('POST /api/projectParticipant/', () => ({ role: 'observer' }));

// The group page's socket joins the group's room: the other workspace's sockets must not get into it.
registerSocket('group.subscribe', ({ objects }) => ({ group_id: objects.group }));
