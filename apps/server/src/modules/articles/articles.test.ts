import { MB, mentionMarkup } from '@hallway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSystem } from '../../platform/db/tenant.js';
import { files } from '../../platform/files/tables.js';
import {
  call,
  createHarness,
  type Harness,
  makeUser,
  makeWorkspace,
  type TestUser,
  type TestWorkspace,
} from '../../test/harness.js';
import { tinyPdf } from '../../test/pdf.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const doc = (...lines: string[]) => ({ type: 'doc', content: lines.map(para) });

async function create(who: TestUser, body: Record<string, unknown>) {
  const res = await call(h, who, 'POST', '/api/article', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}
const folder = (who: TestUser, title: string, parent?: string) => create(who, { type: 'folder', title, parent });
const article = (who: TestUser, title: string, parent?: string, text = 'Body') =>
  create(who, { title, parent, doc: doc(text) });
const list = (ws: TestWorkspace, who: TestUser, query = '', user = who.id) =>
  call(h, who, 'GET', `/api/user/${ws.id}/articles/access_for/${user}?${query}`);
const titles = (res: { json(): { result: { title: string }[] } }) => res.json().result.map((a) => a.title);

async function events(clientId: string, code: string) {
  const { rows } = await h.platform.database.query(
    'SELECT recipients, vars FROM notification_events WHERE client_id = $1 AND code = $2 ORDER BY id',
    [clientId, code],
  );
  return rows as { recipients: { ids: string[] }; vars: Record<string, string> }[];
}

/** A file row as big as the test needs, without sending its bytes (uploads have their own tests). */
async function fileOf(user: TestUser, size: number, name = 'cv.pdf') {
  const [row] = await inSystem(h.platform.database, (tx) =>
    tx
      .insert(files)
      .values({
        clientId: user.clientId!,
        ownerId: user.id,
        name,
        mime: 'application/pdf',
        size,
        storageKey: `test/${user.id}/${size}/${Math.random()}`,
      })
      .returning(),
  );
  return row.id;
}

describe('the tree', () => {
  it('creates folders and articles, lists children by order, answers breadcrumbs, the full tree and children', async () => {
    const ws = await makeWorkspace(h);
    const top = await folder(ws.admin, 'Handbook');
    const sub = await folder(ws.admin, 'IT', top._id);
    const first = await article(ws.employee, 'VPN', sub._id);
    await article(ws.employee, 'Passwords', sub._id);
    expect(first).toMatchObject({ type: 'article', parent: sub._id, version: 1, views: 0, favourite: false });
    expect(first.author.name).toBe('Eve Employee');
    expect(first.can).toMatchObject({ read: true, edit: true, rights: true });
    expect(titles(await list(ws, ws.employee))).toEqual(['Handbook']);
    expect(titles(await list(ws, ws.employee, `parent=${sub._id}`))).toEqual(['VPN', 'Passwords']);
    expect(titles(await list(ws, ws.employee, `parent=${top._id}&full=1`))).toEqual(['IT', 'VPN', 'Passwords']);
    const crumbs = await call(h, ws.employee, 'GET', `/api/article/breadcrumbs/${first._id}`);
    expect(crumbs.json().result.map((c: { title: string }) => c.title)).toEqual(['Handbook', 'IT', 'VPN']);
    const tree = await call(h, ws.employee, 'GET', `/api/article/full_tree/${top._id}`);
    expect(tree.json().result.map((c: { title: string }) => c.title)).toEqual(['IT', 'VPN', 'Passwords']);
    const children = await call(h, ws.employee, 'GET', `/api/article/child/${top._id}`);
    expect(children.json().result.map((c: { title: string }) => c.title)).toEqual(['IT']);
  });

  it('moves a folder, never into itself or below itself (400 with a code, nothing changed)', async () => {
    const ws = await makeWorkspace(h);
    const a = await folder(ws.admin, 'A');
    const b = await folder(ws.admin, 'B', a._id);
    const c = await folder(ws.admin, 'C');
    for (const target of [a._id, b._id]) {
      const res = await call(h, ws.admin, 'PUT', `/api/article/${a._id}`, { parent: target });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'article_move_into_itself',
        fields: { parent: 'article_move_into_itself' },
      });
    }
    const art = await article(ws.admin, 'Leaf', c._id);
    const intoArticle = await call(h, ws.admin, 'PUT', `/api/article/${a._id}`, { parent: art._id });
    expect(intoArticle.json().code).toBe('article_parent_invalid');
    expect((await call(h, ws.admin, 'GET', `/api/article/${a._id}`)).json().result.parent).toBeNull();
    const moved = await call(h, ws.admin, 'PUT', `/api/article/${a._id}`, { parent: c._id });
    expect(moved.json().result.parent).toBe(c._id);
    const crumbs = await call(h, ws.admin, 'GET', `/api/article/breadcrumbs/${b._id}`);
    expect(crumbs.json().result.map((x: { title: string }) => x.title)).toEqual(['C', 'A', 'B']);
  });

  it("refuses an article in another workspace's folder", async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const theirs = await folder(other.admin, 'Theirs');
    const res = await call(h, ws.admin, 'POST', '/api/article', { title: 'Mine', parent: theirs._id, doc: doc('x') });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('article_not_found');
    expect(res.json().message).toBe('The article or folder was not found');
    const ru = await call(
      h,
      ws.admin,
      'POST',
      '/api/article',
      { title: 'Mine', parent: theirs._id },
      { 'accept-language': 'ru' },
    );
    expect(ru.json().code).toBe('article_not_found');
  });

  it('swaps the order of two items of one folder', async () => {
    const ws = await makeWorkspace(h);
    const f = await folder(ws.admin, 'F');
    const one = await article(ws.admin, 'One', f._id);
    const two = await article(ws.admin, 'Two', f._id);
    const res = await call(h, ws.admin, 'PUT', `/api/article/${ws.id}/order/${one._id}/${two._id}`);
    expect(res.statusCode).toBe(200);
    expect(titles(await list(ws, ws.admin, `parent=${f._id}`))).toEqual(['Two', 'One']);
    const elsewhere = await article(ws.admin, 'Top');
    const bad = await call(h, ws.admin, 'PUT', `/api/article/${ws.id}/order/${one._id}/${elsewhere._id}`);
    expect(bad.json().code).toBe('article_order_parent');
  });

  it('deletes a subtree with its counts, and turns empty folders into articles', async () => {
    const ws = await makeWorkspace(h);
    const top = await folder(ws.admin, 'Top');
    const sub = await folder(ws.admin, 'Sub', top._id);
    await folder(ws.admin, 'Empty', top._id);
    const leaf = await article(ws.admin, 'Leaf', sub._id);
    const file = await fileOf(ws.admin, 1000, 'scan.pdf');
    await call(h, ws.admin, 'PUT', `/api/article/${leaf._id}/add_files`, { files: [file] });
    const counts = await call(h, ws.admin, 'GET', `/api/article/deep/${top._id}`);
    expect(counts.json().result).toEqual({ folders: 3, articles: 1, files: 1 });
    const converted = await call(h, ws.admin, 'PUT', `/api/article/empty_as_articles/${top._id}`);
    expect(converted.json().result.changed).toBe(1);
    expect((await call(h, ws.employee, 'DELETE', `/api/article/deep/${top._id}`)).statusCode).toBe(403);
    const gone = await call(h, ws.admin, 'DELETE', `/api/article/deep/${top._id}`);
    expect(gone.json().result).toEqual({ folders: 2, articles: 2, files: 1 });
    expect((await call(h, ws.admin, 'GET', `/api/article/${leaf._id}`)).statusCode).toBe(404);
    expect((await call(h, ws.admin, 'GET', `/api/files/${file}`)).statusCode).toBe(404);
  });
});

describe('article bodies', () => {
  it('keeps headings, tables, code and images; refuses scripts, handlers and javascript: links', async () => {
    const ws = await makeWorkspace(h);
    const rich = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Setup' }] },
        { type: 'codeBlock', attrs: { language: 'bash' }, content: [{ type: 'text', text: 'npm ci' }] },
        {
          type: 'table',
          content: [{ type: 'tableRow', content: [{ type: 'tableHeader', content: [para('Key')] }] }],
        },
        { type: 'paragraph', content: [{ type: 'image', attrs: { src: '/api/files/x', alt: 'shot' } }] },
      ],
    };
    const ok = await create(ws.admin, { title: 'Rich', doc: rich });
    expect(ok.doc).toEqual(rich);
    for (const evil of [
      { type: 'doc', content: [{ type: 'script', content: [{ type: 'text', text: 'alert(1)' }] }] },
      {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'image', attrs: { src: 'javascript:alert(1)' } }] }],
      },
      {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }],
          },
        ],
      },
      {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'image', attrs: { src: 'data:text/html,<script>' } }] }],
      },
      {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'html', text: '<img src=x onerror=alert(1)>' }] }],
      },
    ]) {
      const res = await call(h, ws.admin, 'POST', '/api/article', { title: 'Evil', doc: evil });
      expect(res.statusCode, JSON.stringify(evil)).toBe(400);
    }
    // Markup typed as text stays text: the stored document is JSON, never HTML.
    const typed = await create(ws.admin, {
      title: '<script>alert(1)</script>',
      doc: doc('<img src=x onerror=alert(1)>'),
    });
    expect(typed.doc.content[0].content[0].text).toBe('<img src=x onerror=alert(1)>');
    const before = await list(ws, ws.admin, 'full=1');
    expect(before.json().total).toBe(2);
  });

  it('notifies people newly mentioned in an article', async () => {
    const ws = await makeWorkspace(h);
    const made = await create(ws.admin, { title: 'Mentions', doc: doc(`Ask ${mentionMarkup(ws.employee.id, 'Eve')}`) });
    await call(h, ws.admin, 'PUT', `/api/article/${made._id}`, { doc: doc('again'), base_version: 1 });
    const sent = await events(ws.id, 'articles.mention');
    expect(sent).toHaveLength(1);
    expect(sent[0].recipients.ids).toEqual([ws.employee.id]);
  });
});

describe('versions', () => {
  it('keeps a version per save, shows a line diff, restores as a new version, refuses a stale base with 409', async () => {
    const ws = await makeWorkspace(h);
    const a = await create(ws.employee, { title: 'Guide', doc: doc('one', 'two', 'three') });
    const save = (body: Record<string, unknown>, who = ws.employee) =>
      call(h, who, 'PUT', `/api/article/${a._id}`, body);
    const v2 = await save({ doc: doc('one', 'TWO', 'three'), base_version: 1 });
    expect(v2.json().result.version).toBe(2);
    // Someone else saves from version 1 too: told, nothing overwritten.
    const stale = await save({ doc: doc('mine'), base_version: 1 }, ws.admin);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'article_version_conflict', params: { version: 2 } });
    expect((await save({ doc: doc('x') })).json().fields).toEqual({ base_version: 'article_version_required' });
    const diff = await call(h, ws.admin, 'GET', `/api/article/${a._id}/diff/1/2`);
    expect(diff.json().result.lines).toEqual([
      { op: 'same', text: 'one' },
      { op: 'removed', text: 'two' },
      { op: 'added', text: 'TWO' },
      { op: 'same', text: 'three' },
    ]);
    const restored = await call(h, ws.employee, 'PUT', `/api/article/${a._id}/restore/1`, { base_version: 2 });
    expect(restored.json().result).toMatchObject({ version: 3, doc: doc('one', 'two', 'three') });
    const versions = await call(h, ws.employee, 'GET', `/api/article/${a._id}/versions`);
    expect(
      versions
        .json()
        .result.map((v: { version: number; restored_from: number | null }) => [v.version, v.restored_from]),
    ).toEqual([
      [3, 1],
      [2, null],
      [1, null],
    ]);
    expect(versions.json().result[0].author.name).toBe('Eve Employee');
    expect((await call(h, ws.employee, 'GET', `/api/article/${a._id}/diff/1/9`)).json().code).toBe(
      'article_version_not_found',
    );
  });
});

describe('views, favourites, files', () => {
  it('counts a view once per person and lists my favourites', async () => {
    const ws = await makeWorkspace(h);
    const a = await article(ws.admin, 'Read me');
    for (let i = 0; i < 3; i++) {
      const res = await call(h, ws.employee, 'PUT', `/api/article/${a._id}/view/${ws.employee.id}`);
      expect(res.json().result).toEqual({ views: 1, viewed: true });
    }
    expect((await call(h, ws.employee, 'PUT', `/api/article/${a._id}/view/${ws.admin.id}`)).statusCode).toBe(403);
    await call(h, ws.employee, 'PUT', `/api/article/${a._id}/favourite`, { favourite: true });
    expect(titles(await list(ws, ws.employee, 'favourites=1'))).toEqual(['Read me']);
    expect(titles(await list(ws, ws.admin, 'favourites=1'))).toEqual([]);
    await call(h, ws.employee, 'PUT', `/api/article/${a._id}/favourite`, { favourite: false });
    expect(titles(await list(ws, ws.employee, 'favourites=1'))).toEqual([]);
    expect((await list(ws, ws.employee, 'sort=popular')).json().result[0].views).toBe(1);
  });

  it('counts views and keeps favourites true under concurrent requests', async () => {
    const ws = await makeWorkspace(h);
    const a = await article(ws.admin, 'Popular');
    const people = await Promise.all(Array.from({ length: 50 }, () => makeUser(h, ws.id)));
    const views = await Promise.all([
      ...people.map((p) => call(h, p, 'PUT', `/api/article/${a._id}/view/${p.id}`)),
      ...Array.from({ length: 20 }, () => call(h, ws.employee, 'PUT', `/api/article/${a._id}/view/${ws.employee.id}`)),
    ]);
    expect(views.map((r) => r.statusCode)).toEqual(views.map(() => 200));
    for (const r of views) expect(r.json().result.viewed).toBe(true);
    expect((await call(h, ws.admin, 'GET', `/api/article/${a._id}`)).json().result.views).toBe(51);
    const again = await call(h, people[0], 'PUT', `/api/article/${a._id}/view/${people[0].id}`);
    expect(again.json().result).toEqual({ views: 51, viewed: true });

    const favourites = await Promise.all([
      ...people.map((p) => call(h, p, 'PUT', `/api/article/${a._id}/favourite`, { favourite: true })),
      ...Array.from({ length: 20 }, () =>
        call(h, ws.employee, 'PUT', `/api/article/${a._id}/favourite`, { favourite: true }),
      ),
    ]);
    expect(favourites.map((r) => r.statusCode)).toEqual(favourites.map(() => 200));
    expect(titles(await list(ws, ws.employee, 'favourites=1'))).toEqual(['Popular']);
    const { rows } = await h.platform.database.query(
      'SELECT count(*)::int AS n FROM article_favourites WHERE article_id = $1',
      [a._id],
    );
    expect(rows[0].n).toBe(51);
  });

  it('adds and removes files where kb_files allows', async () => {
    const ws = await makeWorkspace(h);
    const noFiles = await makeUser(h, ws.id, { rights: { kb_files: false } });
    const mine = await article(noFiles, 'Mine');
    expect(mine.can).toMatchObject({ edit: true, files: false });
    const f1 = await fileOf(noFiles, 10);
    expect((await call(h, noFiles, 'PUT', `/api/article/${mine._id}/add_files`, { files: [f1] })).statusCode).toBe(403);
    const a = await article(ws.employee, 'Files');
    const [x, y, z] = [
      await fileOf(ws.employee, 10, 'x.pdf'),
      await fileOf(ws.employee, 20, 'y.pdf'),
      await fileOf(ws.employee, 30, 'z.pdf'),
    ];
    const added = await call(h, ws.employee, 'PUT', `/api/article/${a._id}/add_files`, { files: [x, y, z] });
    expect(added.json().result.files.map((f: { filename: string }) => f.filename)).toEqual(['x.pdf', 'y.pdf', 'z.pdf']);
    const one = await call(h, ws.employee, 'PUT', `/api/article/${a._id}/del_file/${x}`);
    expect(one.json().result.files).toHaveLength(2);
    const again = await call(h, ws.employee, 'PUT', `/api/article/${a._id}/del_file/${x}`);
    expect(again.json().code).toBe('article_file_not_found');
    const rest = await call(h, ws.employee, 'PUT', `/api/article/${a._id}/del_files`, { files: [y, z] });
    expect(rest.json().result.files).toEqual([]);
  });
});

describe('file previews', () => {
  it("shows a folder's PDF with its first page as the thumbnail, like an image", async () => {
    const ws = await makeWorkspace(h);
    const handbook = await folder(ws.employee, 'Handbook');
    const boundary = '----hallwayKb';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="policy.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    const uploaded = await h.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: {
        authorization: `Bearer ${ws.employee.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([Buffer.from(head), tinyPdf('Policy'), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    const pdf = uploaded.json().results[0].file;
    const added = await call(h, ws.employee, 'PUT', `/api/article/${handbook._id}/add_files`, { files: [pdf._id] });
    expect(added.json().result.files).toEqual([
      {
        _id: pdf._id,
        filename: 'policy.pdf',
        filetype: 'application/pdf',
        path: `/api/files/${pdf._id}`,
        thumb: `/api/files/${pdf._id}/thumb`,
        size: pdf.size,
      },
    ]);
    const thumb = await call(h, ws.employee, 'GET', `/api/files/${pdf._id}/thumb`);
    expect(thumb.headers['content-type']).toBe('image/webp');
  });
});

describe('rights', () => {
  it('grants on a folder reach its articles unless an article has its own; access_for lists in SQL', async () => {
    const ws = await makeWorkspace(h);
    const sales = await makeUser(h, ws.id, { firstName: 'Sam', lastName: 'Sales', department: 'Sales' });
    const hr = await makeUser(h, ws.id, { firstName: 'Hana', lastName: 'Hr', department: 'HR' });
    const f = await folder(ws.admin, 'Sales only');
    const inside = await article(ws.admin, 'Prices', f._id);
    const open = await article(ws.admin, 'For HR too', f._id);
    const rights = await call(h, ws.admin, 'PUT', `/api/article/${f._id}/rights`, {
      grants: [{ audience: 'department', values: ['sales'], level: 'read' }],
    });
    expect(rights.statusCode).toBe(200);
    await call(h, ws.admin, 'PUT', `/api/article/${open._id}/rights`, {
      grants: [{ audience: 'department', values: ['HR', 'Sales'], level: 'read' }],
    });
    expect(titles(await list(ws, sales, `parent=${f._id}`))).toEqual(['Prices', 'For HR too']);
    expect(titles(await list(ws, hr, `parent=${f._id}`))).toEqual(['For HR too']);
    expect(titles(await list(ws, hr))).toEqual([]);
    expect((await call(h, hr, 'GET', `/api/article/${inside._id}`)).statusCode).toBe(404);
    // An administrator asks what a person may read; a person only for themself.
    expect(titles(await list(ws, ws.admin, `parent=${f._id}`, hr.id))).toEqual(['For HR too']);
    expect((await list(ws, hr, '', sales.id)).statusCode).toBe(403);
    // Moving the article out of the folder drops the folder's grants from it.
    await call(h, ws.admin, 'PUT', `/api/article/${inside._id}`, { parent: null });
    expect((await call(h, hr, 'GET', `/api/article/${inside._id}`)).statusCode).toBe(200);
    // Write grants let others edit.
    const w = await article(ws.admin, 'Shared');
    expect((await call(h, hr, 'GET', `/api/article/${w._id}`)).json().result.can.edit).toBe(false);
    await call(h, ws.admin, 'PUT', `/api/article/${w._id}/rights`, {
      grants: [
        { audience: 'all', level: 'read' },
        { audience: 'name', values: [hr.id], level: 'write' },
      ],
    });
    expect((await call(h, hr, 'GET', `/api/article/${w._id}`)).json().result.can.edit).toBe(true);
    expect((await call(h, hr, 'PUT', `/api/article/${w._id}/rights`, { grants: [] })).statusCode).toBe(403);
  });

  it("refuses a grant naming another workspace's department or person", async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    await makeUser(h, other.id, { department: 'Secret lab' });
    const a = await article(ws.admin, 'X');
    const dep = await call(h, ws.admin, 'PUT', `/api/article/${a._id}/rights`, {
      grants: [{ audience: 'department', values: ['Secret lab'], level: 'read' }],
    });
    expect(dep.statusCode).toBe(400);
    expect(dep.json().fields).toEqual({ grants: 'audience_department_unknown' });
    const person = await call(h, ws.admin, 'PUT', `/api/article/${a._id}/rights`, {
      grants: [{ audience: 'name', values: [other.employee.id], level: 'read' }],
    });
    expect(person.json().fields).toEqual({ grants: 'audience_person_unknown' });
    expect((await call(h, ws.employee, 'GET', `/api/article/${a._id}`)).statusCode).toBe(200);
  });

  it('needs the knowl_base right to write', async () => {
    const ws = await makeWorkspace(h);
    const reader = await makeUser(h, ws.id, { rights: { knowl_base: false } });
    const res = await call(h, reader, 'POST', '/api/article', { title: 'No', doc: doc('x') });
    expect(res.statusCode).toBe(403);
    expect((await list(ws, reader)).json().can.create).toBe(false);
  });
});

describe('feature switches', () => {
  const setFeature = (clientId: string, code: string, active: boolean) =>
    h.platform.database.query(
      `UPDATE clients SET features = (SELECT jsonb_agg(CASE WHEN f->>'code' = $2
         THEN jsonb_set(f, '{active}', to_jsonb($3::boolean)) ELSE f END) FROM jsonb_array_elements(features) f)
       WHERE id = $1`,
      [clientId, code, active],
    );

  it('closes the section whose feature is off and leaves the other open', async () => {
    const ws = await makeWorkspace(h);
    const a = await article(ws.admin, 'Handbook');
    const v = await create(ws.admin, { section: 'vacancy', title: 'Driver', doc: doc('x'), receivers: [ws.admin.id] });
    await setFeature(ws.id, 'vacancies', false);
    expect((await call(h, ws.employee, 'GET', `/api/article/${v._id}`)).statusCode).toBe(404);
    expect((await list(ws, ws.employee, 'section=vacancy')).json().code).toBe('feature_disabled');
    const respond = await call(h, ws.employee, 'POST', '/api/article/vac_respond', {
      vacancy_id: v._id,
      attachments: [await fileOf(ws.employee, 10)],
    });
    expect(respond.json().code).toBe('feature_disabled');
    expect((await call(h, ws.employee, 'GET', `/api/article/${a._id}`)).statusCode).toBe(200);
    await setFeature(ws.id, 'vacancies', true);
    await setFeature(ws.id, 'knowl_base', false);
    expect((await call(h, ws.employee, 'GET', `/api/article/${a._id}`)).statusCode).toBe(404);
    expect((await call(h, ws.admin, 'POST', '/api/article', { title: 'No', doc: doc('x') })).statusCode).toBe(403);
    expect((await call(h, ws.employee, 'GET', `/api/article/${v._id}`)).statusCode).toBe(200);
  });
});

describe('search', () => {
  it('finds Russian and English word forms, titles first, with snippets, filtered by tag and folder', async () => {
    const ws = await makeWorkspace(h);
    const f = await folder(ws.admin, 'Docs');
    await article(ws.admin, 'Отпуск и больничные', f._id, 'Как оформить отпуск: заявление подаётся за две недели.');
    await article(ws.admin, 'Переезд офиса', undefined, 'Про отпуска здесь ничего, только коробки и переезды.');
    await article(ws.admin, 'Travel policy', undefined, 'Employees travelling abroad book flights through the portal.');
    await article(ws.admin, 'Відпустка', undefined, 'Відпустка оформлюється заявою.');
    const ru = await list(ws, ws.employee, `search=${encodeURIComponent('отпуска')}`);
    expect(titles(ru)).toEqual(['Отпуск и больничные', 'Переезд офиса']);
    expect(ru.json().result[0].snippet).toContain('<b>Отпуск</b>');
    expect(titles(await list(ws, ws.employee, 'search=travels'))).toEqual(['Travel policy']);
    expect(titles(await list(ws, ws.employee, `search=${encodeURIComponent('відпустка')}`))).toEqual(['Відпустка']);
    expect(
      titles(await list(ws, ws.employee, `search=${encodeURIComponent('отпуск')}&parent=${f._id}&full=1`)),
    ).toEqual(['Отпуск и больничные']);
    const tag = (
      await call(h, ws.admin, 'POST', '/api/tag', { client_id: ws.id, module: 'knowl_base', name: 'HR' })
    ).json().result;
    const hit = (await list(ws, ws.admin, 'search=travel')).json().result[0];
    await call(h, ws.admin, 'PUT', `/api/tag/attach/to/article/${hit._id}`, { tag_id: tag._id });
    expect(titles(await list(ws, ws.employee, `tags=${tag._id}`))).toEqual(['Travel policy']);
    const xss = await article(ws.admin, 'Script <b>bold</b>', undefined, '<script>alert(1)</script> script');
    const snippet = (await list(ws, ws.employee, 'search=script'))
      .json()
      .result.find((a: { _id: string }) => a._id === xss._id).snippet;
    expect(snippet).not.toContain('<script>');
    expect(snippet).toContain('alert(1)&lt;/script&gt;');
  });
});

describe('vacancies', () => {
  async function vacancy(ws: TestWorkspace, body: Record<string, unknown> = {}) {
    return call(h, ws.admin, 'POST', '/api/article', {
      section: 'vacancy',
      title: 'Backend developer',
      doc: doc('TypeScript and PostgreSQL'),
      salary_from: 3000,
      salary_to: 4000,
      receivers: [ws.admin.id],
      ...body,
    });
  }

  it('keeps a salary range from ≤ to, filters by salary and text', async () => {
    const ws = await makeWorkspace(h);
    const bad = await vacancy(ws, { salary_from: 5000, salary_to: 4000 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ salary_from: 'vacancy_salary_range' });
    const ok = (await vacancy(ws)).json().result;
    expect(ok).toMatchObject({ section: 'vacancy', salary_from: 3000, salary_to: 4000 });
    const edit = await call(h, ws.admin, 'PUT', `/api/article/${ok._id}`, { salary_from: 4500 });
    expect(edit.json().fields).toEqual({ salary_from: 'vacancy_salary_range' });
    await vacancy(ws, { title: 'Driver', doc: doc('Licence C'), salary_from: 2000, salary_to: 2500 });
    expect(titles(await list(ws, ws.employee, 'section=vacancy&salary=3500'))).toEqual(['Backend developer']);
    expect(titles(await list(ws, ws.employee, 'section=vacancy&search=licence'))).toEqual(['Driver']);
    expect(titles(await list(ws, ws.employee))).toEqual([]);
  });

  it('sends a response with the CV to the receivers; a file above the attachment limit is refused', async () => {
    const ws = await makeWorkspace(h);
    const v = (await vacancy(ws)).json().result;
    const cv = await fileOf(ws.employee, 200_000);
    const res = await call(h, ws.employee, 'POST', '/api/article/vac_respond', {
      vacancy_id: v._id,
      text: 'I would love to join',
      attachments: [cv],
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = await events(ws.id, 'articles.vacancy_response');
    expect(sent).toHaveLength(1);
    expect(sent[0].recipients.ids).toEqual([ws.admin.id]);
    expect(sent[0].vars).toMatchObject({ title: 'Backend developer', files: 'cv.pdf', actor: 'Eve Employee' });
    const huge = await fileOf(ws.employee, 300 * MB);
    const big = await call(h, ws.employee, 'POST', '/api/article/vac_respond', {
      vacancy_id: v._id,
      attachments: [huge],
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('attachment_too_big');
    const none = await call(h, ws.employee, 'POST', '/api/article/vac_respond', { vacancy_id: v._id, attachments: [] });
    expect(none.json().fields).toEqual({ attachments: 'vacancy_cv_required' });
    expect(await events(ws.id, 'articles.vacancy_response')).toHaveLength(1);
  });
});

describe('tags', () => {
  it('lists, creates, renames, attaches, detaches and deletes tags of a module', async () => {
    const ws = await makeWorkspace(h);
    const make = (name: string, tmpl = false) =>
      call(h, ws.admin, 'POST', '/api/tag', { client_id: ws.id, module: 'knowl_base', name, tmpl });
    const t = (await make('Guides')).json().result;
    await make('Template', true);
    expect((await make('guides')).json().code).toBe('tag_taken');
    const all = await call(h, ws.employee, 'GET', `/api/tag/${ws.id}/knowl_base`);
    expect(all.json().result.map((x: { name: string }) => x.name)).toEqual(['Guides', 'Template']);
    const tmpl = await call(h, ws.employee, 'GET', `/api/tag/${ws.id}/knowl_base?tmpl=1`);
    expect(tmpl.json().result.map((x: { name: string }) => x.name)).toEqual(['Template']);
    const renamed = await call(h, ws.admin, 'PUT', `/api/tags/${t._id}`, { name: 'How-tos' });
    expect(renamed.json().result.name).toBe('How-tos');
    const a = await article(ws.admin, 'Tagged');
    const on = await call(h, ws.admin, 'PUT', `/api/tag/attach/to/article/${a._id}`, { tag_id: t._id });
    expect(on.json().result.tags.map((x: { name: string }) => x.name)).toEqual(['How-tos']);
    const vac = await call(h, ws.admin, 'POST', '/api/tag', { client_id: ws.id, module: 'vacancies', name: 'IT' });
    const wrong = await call(h, ws.admin, 'PUT', `/api/tag/attach/to/article/${a._id}`, {
      tag_id: vac.json().result._id,
    });
    expect(wrong.json().code).toBe('tag_module_mismatch');
    const off = await call(h, ws.admin, 'PUT', `/api/tag/detach/${t._id}/from/article/${a._id}`);
    expect(off.json().result.tags).toEqual([]);
    await call(h, ws.admin, 'PUT', `/api/tag/attach/to/article/${a._id}`, { tag_id: t._id });
    expect((await call(h, ws.admin, 'DELETE', `/api/tag/${ws.id}/${t._id}`)).json().result).toBe(true);
    expect((await call(h, ws.admin, 'GET', `/api/article/${a._id}`)).json().result.tags).toEqual([]);
    const other = await makeWorkspace(h);
    expect((await call(h, other.admin, 'PUT', `/api/tags/${vac.json().result._id}`, { name: 'x' })).statusCode).toBe(
      404,
    );
  });
});
