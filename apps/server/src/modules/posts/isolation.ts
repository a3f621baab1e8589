// Isolation-suite fixtures of the wall (posts, comments, answers, link blocks): objects of workspace A that the
// other workspace names in paths and bodies, and must never reach.
import { newId } from '../../platform/db/ids.js';
import type { Harness, TestWorkspace } from '../../test/harness.js';
import { objectFixtures, registerBody, registerObject, valueParams } from '../../test/isolation/registry.js';

async function as(h: Harness, token: string, method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await h.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
  if (res.statusCode !== 200) throw new Error(`wall fixture: ${method} ${url} answered ${res.statusCode} ${res.body}`);
  return res.json().result;
}

const post = (h: Harness, a: TestWorkspace) =>
  as(h, a.employee.token, 'POST', '/api/post', {
    text: `Quarterly results are in, thanks @[Ada Admin](user:${a.admin.id}) for the numbers and the charts`,
    kind: 'thanks',
    mentions: [a.admin.id],
  });

registerObject('post', async (h, a) => {
  const created = await post(h, a);
  // A must-read flag, a view and a like, so every reading route has something to leak.
  await as(h, a.admin.token, 'PUT', `/api/post/${created._id}/must_read`, { mustRead: true });
  await as(h, a.employee.token, 'PUT', `/api/post/${created._id}/view`, { user_id: a.employee.id, where: 'company' });
  await as(h, a.admin.token, 'POST', '/api/post/like', { like_type: 'post', id: created._id, reaction: 'love' });
  return created._id as string;
});

registerObject('comment', async (h, a) => {
  const { _id } = await post(h, a);
  const comment = await as(h, a.employee.token, 'POST', '/api/comment', {
    parent: { type: 'post', id: _id },
    text: 'A comment of workspace A',
  });
  await as(h, a.admin.token, 'POST', '/api/comment', {
    parent: { type: 'comment', id: comment._id },
    text: 'An answer',
  });
  return comment._id as string;
});

registerObject('links_block', async (h, a) => {
  const block = await as(h, a.admin.token, 'PUT', '/api/links_block/toggle', { client_id: a.id, module: 'company' });
  return block._id as string;
});

registerObject('link', async (h, a) => {
  const block = await as(h, a.admin.token, 'PUT', '/api/links_block/toggle', { client_id: a.id, module: 'knowl_base' });
  const filled = await as(h, a.admin.token, 'POST', `/api/links_block/${block._id}/link`, {
    title: 'Handbook of A',
    link: 'https://a.example/handbook',
  });
  return filled.links[0]._id as string;
});

// Groups arrive with their own module, which registers real group fixtures; until then any id stands for one.
if (!objectFixtures.has('group')) registerObject('group', async () => newId());
valueParams.links_module = 'company';

registerBody('POST /api/post', ({ a, objects }) => ({
  text: `Hello @[Eve](user:${a.employee.id})`,
  parent: { type: 'company', id: a.id },
  mentions: [a.employee.id],
  attachments: [objects.file],
}));
registerBody('POST /api/post/like', ({ objects }) => ({ like_type: 'post', id: objects.post, reaction: 'like' }));
registerBody('PUT /api/post/:id', () => ({ text: 'Rewritten by a stranger' }));
registerBody('PUT /api/post/:id/view', ({ a }) => ({ user_id: a.employee.id, where: 'company' }));
registerBody('PUT /api/post/all/view', ({ a }) => ({ user_id: a.employee.id, where: 'company' }));
registerBody('PUT /api/post/:id/must_read', () => ({ mustRead: false }));
registerBody('POST /api/comment', ({ objects }) => ({ parent: { type: 'post', id: objects.post }, text: 'Stranger' }));
registerBody('PUT /api/comment/:id', () => ({ text: 'Rewritten by a stranger' }));
registerBody('PUT /api/links_block/toggle', ({ a }) => ({ client_id: a.id, module: 'company' }));
registerBody('POST /api/links_block/:block_id/link', () => ({ title: 'Phishing', link: 'https://evil.example' }));
registerBody('PUT /api/links_block/:block_id/link', ({ objects }) => ({
  _id: objects.link,
  title: 'Phishing',
  link: 'https://evil.example',
}));
