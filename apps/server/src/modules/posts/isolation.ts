// Isolation-suite fixtures of the wall: a post of workspace A with a mention, a must-read flag, a view, a like and
// an acknowledgement, and the bodies of the calls that name A's posts.
import type { Harness } from '../../test/harness.js';
import { type FixtureWorkspace, registerBody, registerObject } from '../../test/isolation/registry.js';

export async function as(h: Harness, token: string, method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await h.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
  if (res.statusCode !== 200) throw new Error(`wall fixture: ${method} ${url} answered ${res.statusCode} ${res.body}`);
  return res.json().result;
}

export const postOf = (h: Harness, a: FixtureWorkspace) =>
  as(h, a.employee.token, 'POST', '/api/post', {
    text: `Quarterly results are in, thanks @[Ada Admin](user:${a.admin.id}) for the numbers: ${a.mark}`,
    kind: 'thanks',
    mentions: [a.admin.id],
  });

registerObject('post', async (h, a) => {
  const created = await postOf(h, a);
  await as(h, a.admin.token, 'PUT', `/api/post/${created._id}/must_read`, { mustRead: true });
  await as(h, a.employee.token, 'PUT', `/api/post/${created._id}/view`, { user_id: a.employee.id, where: 'company' });
  await as(h, a.admin.token, 'POST', '/api/post/like', { like_type: 'post', id: created._id, reaction: 'love' });
  await as(h, a.admin.token, 'PUT', `/api/post/${created._id}/ack`, {});
  return created._id as string;
});

registerBody('POST /api/post', ({ a, objects }) => ({
  text: `Hello @[Eve](user:${a.employee.id})`,
  parent: { type: 'company', id: a.id },
  mentions: [a.employee.id],
  attachments: [objects.file],
}));
registerBody('POST /api/post/like', ({ objects }) => ({ like_type: 'post', id: objects.post, reaction: 'like' }));
registerBody('PUT /api/post/:id', ({ a, objects }) => ({
  text: `Rewritten by a stranger, long enough for a thank-you post to @[Ada](user:${a.admin.id})`,
  mentions: [a.admin.id],
  attachments: [objects.file],
}));
registerBody('PUT /api/post/:id/view', ({ a }) => ({ user_id: a.employee.id, where: 'company' }));
registerBody('PUT /api/post/all/view', ({ a }) => ({ user_id: a.employee.id, where: 'company' }));
registerBody('PUT /api/post/:id/must_read', () => ({ mustRead: true }));
registerBody('PUT /api/post/:id/pin', () => ({ pinned: true }));
registerBody('POST /api/post/:id/remind', () => ({}));

registerBody('PUT /api/post/scheduled/:id', ({ a }) => ({
  text: `Published the day after tomorrow, with @[Eve](user:${a.employee.id})`,
  mentions: [a.employee.id],
}));

registerObject('scheduled_post', async (h, a) => {
  const later = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
  const scheduled = await as(h, a.admin.token, 'POST', '/api/post', {
    text: `Published tomorrow ${a.mark}`,
    publishAt: later,
  });
  return scheduled._id as string;
});
