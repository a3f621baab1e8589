// Isolation-suite fixtures of the knowledge base: a folder of workspace A with an article in it (two attached
// files, a view, a favourite, a tag, a second version and grants), a vacancy with a receiver, and the bodies of the
// calls that need more than ids.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Harness } from '../../test/harness.js';
import {
  type FixtureWorkspace,
  multipartFile,
  registerBody,
  registerObject,
  valueParams,
} from '../../test/isolation/registry.js';
import { as } from '../posts/isolation.js';

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

async function upload(h: Harness, a: FixtureWorkspace, name: string) {
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#88aa33' } })
    .png()
    .toBuffer();
  const body = multipartFile(name, 'image/png', png);
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { authorization: `Bearer ${a.employee.token}`, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`article fixture: upload answered ${res.statusCode} ${res.body}`);
  return res.json().results[0].file._id as string;
}

const made = new Map<string, Record<string, string>>();

async function world(h: Harness, a: FixtureWorkspace): Promise<Record<string, string>> {
  const known = made.get(a.id);
  if (known) return known;
  const folder = await as(h, a.admin.token, 'POST', '/api/article', { type: 'folder', title: `Handbook ${a.mark}` });
  const tag = await as(h, a.admin.token, 'POST', '/api/tag', {
    client_id: a.id,
    module: 'knowl_base',
    name: `Guides ${a.mark}`,
  });
  const article = await as(h, a.employee.token, 'POST', '/api/article', {
    title: `Onboarding ${a.mark}`,
    parent: folder._id,
    doc: doc(`First week ${a.mark}`),
    tags: [tag._id],
  });
  await as(h, a.employee.token, 'PUT', `/api/article/${article._id}`, {
    doc: doc(`First week, revised ${a.mark}`),
    base_version: 1,
  });
  const [first, second] = [await upload(h, a, `scan ${a.mark}.png`), await upload(h, a, `plan ${a.mark}.png`)];
  await as(h, a.employee.token, 'PUT', `/api/article/${article._id}/add_files`, { files: [first, second] });
  await as(h, a.employee.token, 'PUT', `/api/article/${article._id}/view/${a.employee.id}`, {});
  await as(h, a.employee.token, 'PUT', `/api/article/${article._id}/favourite`, { favourite: true });
  await as(h, a.admin.token, 'PUT', `/api/article/${folder._id}/rights`, {
    grants: [{ audience: 'all', level: 'write' }],
  });
  const vacancy = await as(h, a.admin.token, 'POST', '/api/article', {
    section: 'vacancy',
    title: `Engineer ${a.mark}`,
    doc: doc(`Salary talk ${a.mark}`),
    salary_from: 1000,
    salary_to: 2000,
    receivers: [a.admin.id],
  });
  const objects: Record<string, string> = {
    article: article._id,
    article_folder: folder._id,
    article_file: first,
    article_file_2: second,
    tag: tag._id,
    vacancy: vacancy._id,
  };
  made.set(a.id, objects);
  return objects;
}

for (const kind of ['article', 'article_folder', 'article_file', 'article_file_2', 'tag', 'vacancy']) {
  registerObject(kind, async (h, a) => (await world(h, a))[kind]);
}
valueParams.version = '1';
valueParams.tag_module = 'knowl_base';
valueParams.tag_model = 'article';

registerBody('POST /api/article', ({ objects }) => ({
  title: 'Planted',
  parent: objects.article_folder,
  doc: doc('Planted text'),
  tags: [objects.tag],
}));
registerBody('PUT /api/article/:id', ({ objects }) => ({ parent: objects.article_folder, cover: objects.file }));
registerBody('PUT /api/article/:id/favourite', () => ({ favourite: true }));
registerBody('PUT /api/article/:id/rights', () => ({ grants: [{ audience: 'all', level: 'write' }] }));
registerBody('PUT /api/article/:id/add_files', ({ objects }) => ({ files: [objects.file] }));
registerBody('PUT /api/article/:id/del_files', ({ objects }) => ({ files: [objects.article_file_2] }));
registerBody('PUT /api/article/:id/restore/:version', () => ({}));
registerBody('POST /api/article/vac_respond', ({ objects }) => ({
  vacancy_id: objects.vacancy,
  text: 'Hire me',
  attachments: [objects.file],
}));
registerBody('POST /api/tag', ({ a }) => ({ client_id: a.id, module: 'knowl_base', name: `Tag ${randomUUID()}` }));
registerBody('PUT /api/tags/:id', () => ({ tmpl: true }));
registerBody('PUT /api/tag/attach/to/:model/:item_id', ({ objects }) => ({ tag_id: objects.tag }));
