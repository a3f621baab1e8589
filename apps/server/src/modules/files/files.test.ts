import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { MB, POST_ATTACHMENT_LIMIT_BYTES } from '@hallway/shared';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inSystem, inTenantWith } from '../../platform/db/tenant.js';
import { files } from '../../platform/files/tables.js';
import { createContext, type RequestContext } from '../../platform/http/context.js';
import { call, createHarness, type Harness, makeWorkspace, superadmin, type TestUser } from '../../test/harness.js';
import { clients } from '../clients/tables.js';
import { principalQuery } from '../users/principal.js';
import { deleteFiles, fileRefs } from './service.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

interface Part {
  filename: string;
  type: string;
  body: Buffer | (() => AsyncIterable<Buffer>);
}

/** A multipart/form-data body as a browser sends it, streamed part by part. */
function multipart(parts: Part[]) {
  const boundary = `----hallway${Math.random().toString(16).slice(2)}`;
  async function* body() {
    for (const p of parts) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
      );
      if (Buffer.isBuffer(p.body)) yield p.body;
      else yield* p.body();
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return { payload: Readable.from(body()), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** `bytes` of filler, produced in chunks so the test never holds them at once. */
const filler = (bytes: number) =>
  async function* () {
    const chunk = Buffer.alloc(256 * 1024, 97);
    for (let left = bytes; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
  };

function upload(
  who: TestUser | { token: string } | null,
  parts: Part[],
  query = '',
  headers: Record<string, string> = {},
) {
  const body = multipart(parts);
  return h.app.inject({
    method: 'POST',
    url: `/api/upload${query}`,
    headers: { ...body.headers, ...(who ? { authorization: `Bearer ${who.token}` } : {}), ...headers },
    payload: body.payload,
  });
}

const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();

const rowsOf = (clientId: string) =>
  inSystem(h.platform.database, (tx) => tx.select().from(files).where(eq(files.clientId, clientId)));

/** Every stored object of a workspace on disk (keys start with its id). */
async function storedFor(clientId: string): Promise<string[]> {
  const entries = await readdir(path.join(h.dataDir, 'files', clientId), { recursive: true }).catch(() => []);
  return entries.filter((e) => /[0-9a-f]{12}(\.thumb)?$/.test(e));
}

describe('POST /api/upload and GET /api/files/:id', () => {
  it('stores a text file and a PNG, with a thumbnail for the image only', async () => {
    const ws = await makeWorkspace(h);
    const image = await png();
    const res = await upload(ws.employee, [
      { filename: 'notes.txt', type: 'text/plain', body: Buffer.from('hello, hallway\n') },
      { filename: 'Фото отпуска.png', type: 'image/png', body: image },
    ]);
    expect(res.statusCode).toBe(200);
    const [text, photo] = res.json().results;
    expect(text).toMatchObject({ thumb: null, fileName: 'notes.txt', url: `/api/files/${text.file._id}` });
    expect(text.file).toEqual({
      _id: text.file._id,
      src: text.url,
      name: 'notes.txt',
      size: 15,
      mime: 'text/plain',
    });
    expect(photo).toMatchObject({
      fileName: 'Фото отпуска.png',
      thumb: `/api/files/${photo.file._id}/thumb`,
      file: { mini: `/api/files/${photo.file._id}/thumb`, mime: 'image/png', size: image.length, width: 800 },
    });

    const rows = await rowsOf(ws.id);
    expect(rows).toHaveLength(2);
    const photoRow = rows.find((r) => r.id === photo.file._id)!;
    expect(photoRow).toMatchObject({ width: 800, height: 600, ownerId: ws.employee.id });
    // Storage names are the server's own, never the client's file name.
    expect(photoRow.storageKey).toMatch(new RegExp(`^${ws.id}/\\d{4}/\\d{2}/${photoRow.id}$`));
    expect(await storedFor(ws.id)).toHaveLength(3);

    const textDownload = await call(h, ws.admin, 'GET', text.url);
    expect(textDownload.statusCode).toBe(200);
    expect(textDownload.body).toBe('hello, hallway\n');
    expect(textDownload.headers).toMatchObject({
      'content-type': 'text/plain',
      'x-content-type-options': 'nosniff',
      'content-length': '15',
    });
    expect(textDownload.headers['content-disposition']).toMatch(/^inline; /);
    expect(textDownload.headers['cache-control']).toMatch(/^private, max-age=\d+$/);

    const photoDownload = await call(h, ws.employee, 'GET', photo.url);
    expect(photoDownload.headers['content-type']).toBe('image/png');
    expect(photoDownload.headers['content-disposition']).toBe(
      `inline; filename="____ _______.png"; filename*=UTF-8''${encodeURIComponent('Фото отпуска.png')}`,
    );
    expect(Buffer.compare(photoDownload.rawPayload, image)).toBe(0);

    const thumb = await call(h, ws.employee, 'GET', photo.thumb);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480, height: 360 });

    const noThumb = await call(h, ws.employee, 'GET', `${text.url}/thumb`);
    expect(noThumb.statusCode).toBe(404);
    expect(noThumb.json()).toMatchObject({ code: 'file_not_found', message: 'The file was not found or was deleted' });
  });

  it('sends active content (HTML, SVG) and unknown types as attachments', async () => {
    const ws = await makeWorkspace(h);
    const res = await upload(ws.employee, [
      { filename: 'page.html', type: 'text/html', body: Buffer.from('<script>alert(1)</script>') },
      { filename: 'logo.svg', type: 'image/svg+xml', body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      { filename: 'data.bin', type: 'application/octet-stream', body: Buffer.from([1, 2, 3]) },
    ]);
    expect(res.statusCode).toBe(200);
    const [html, svg, bin] = res.json().results;
    expect(svg.thumb).toBeNull();
    for (const [result, mime] of [
      [html, 'text/html'],
      [svg, 'image/svg+xml'],
      [bin, 'application/octet-stream'],
    ]) {
      const download = await call(h, ws.employee, 'GET', result.url);
      expect(download.headers['content-type']).toBe(mime);
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+"; filename\*=UTF-8''/);
    }
  });

  it('keeps a broken image as a plain file without a thumbnail', async () => {
    const ws = await makeWorkspace(h);
    const broken = Buffer.concat([(await png()).subarray(0, 40), Buffer.alloc(500, 7)]);
    const res = await upload(ws.employee, [{ filename: 'broken.png', type: 'image/png', body: broken }]);
    expect(res.statusCode).toBe(200);
    const [result] = res.json().results;
    expect(result.thumb).toBeNull();
    expect(result.file).not.toHaveProperty('mini');
    expect(result.file.size).toBe(broken.length);
    expect(Buffer.compare((await call(h, ws.employee, 'GET', result.url)).rawPayload, broken)).toBe(0);
  });

  it('answers no_file for a request without a file', async () => {
    const ws = await makeWorkspace(h);
    const empty = await upload(ws.employee, [
      { filename: '', type: 'application/octet-stream', body: Buffer.alloc(0) },
    ]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('no_file');
    const json = await call(h, ws.employee, 'POST', '/api/upload', { file: 'x' });
    expect(json.json().code).toBe('no_file');
  });
});

describe('limits', () => {
  it('refuses an attachment over 20 MB while it streams, leaving nothing behind', async () => {
    const ws = await makeWorkspace(h);
    const big = { filename: 'video.mp4', type: 'video/mp4', body: filler(21 * MB) };
    const small = { filename: 'first.txt', type: 'text/plain', body: Buffer.from('kept until the refusal') };
    const res = await upload(ws.employee, [small, big], '?purpose=attachment');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'attachment_too_big',
      message: 'Files above 20 MB cannot be attached',
      params: { size: '20 MB' },
    });
    expect(await rowsOf(ws.id)).toHaveLength(0);
    expect(await storedFor(ws.id)).toEqual([]);

    // exactly at the limit is fine, and a general upload takes more
    const atLimit = await upload(
      ws.employee,
      [{ ...big, body: filler(POST_ATTACHMENT_LIMIT_BYTES) }],
      '?purpose=attachment',
    );
    expect(atLimit.statusCode).toBe(200);
    expect(atLimit.json().results[0].file.size).toBe(POST_ATTACHMENT_LIMIT_BYTES);
    expect((await upload(ws.employee, [big])).statusCode).toBe(200);
  });

  it('refuses a general upload over 250 MB with file_too_big', async () => {
    const ws = await makeWorkspace(h);
    const res = await upload(ws.employee, [
      { filename: 'huge.iso', type: 'application/x-iso9660-image', body: filler(250 * MB + 1) },
    ]);
    expect(res.statusCode).toBe(413);
    // params are only set by the streaming counter, which refuses at the 250 MB + 1st byte
    expect(res.json()).toEqual({
      code: 'file_too_big',
      message: 'Error: file size too big',
      params: { size: '250 MB' },
    });
    expect(await rowsOf(ws.id)).toHaveLength(0);
    expect(await storedFor(ws.id)).toEqual([]);
  });

  it('keeps the workspace within its storage quota', async () => {
    const ws = await makeWorkspace(h);
    await inSystem(h.platform.database, (tx) =>
      tx.update(clients).set({ storageSize: 2000 }).where(eq(clients.id, ws.id)),
    );
    const first = await upload(ws.employee, [{ filename: 'a.txt', type: 'text/plain', body: Buffer.alloc(500, 98) }]);
    expect(first.statusCode).toBe(200);

    // two files that fit one by one, but not together: both are refused
    const res = await upload(ws.employee, [
      { filename: 'b.txt', type: 'text/plain', body: Buffer.alloc(1000, 98) },
      { filename: 'c.txt', type: 'text/plain', body: Buffer.alloc(1000, 98) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'storage_limit',
      message: 'Storage limit reached (2 KB)! Available 1.5 KB',
      params: { size: '2 KB', available: '1.5 KB' },
    });
    expect((await rowsOf(ws.id)).map((r) => r.name)).toEqual(['a.txt']);
    expect(await storedFor(ws.id)).toHaveLength(1);

    // two uploads that each fit when they start: the one committing second is refused, and its bytes removed
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = upload(ws.employee, [
      {
        filename: 'slow.txt',
        type: 'text/plain',
        body: async function* () {
          yield Buffer.alloc(500, 99);
          await released;
          yield Buffer.alloc(500, 99);
        },
      },
    ]);
    // the slow upload has read the quota once its bytes start arriving on disk
    await vi.waitFor(async () => expect(await storedFor(ws.id)).toHaveLength(2));
    const fast = await upload(ws.employee, [
      { filename: 'fast.txt', type: 'text/plain', body: Buffer.alloc(1000, 98) },
    ]);
    expect(fast.statusCode).toBe(200);
    release();
    const late = await slow;
    expect(late.statusCode).toBe(413);
    expect(late.json().params).toEqual({ size: '2 KB', available: '500 B' });
    expect((await rowsOf(ws.id)).map((r) => r.name).sort()).toEqual(['a.txt', 'fast.txt']);
    expect(await storedFor(ws.id)).toHaveLength(2);

    // 0 means unlimited
    await inSystem(h.platform.database, (tx) =>
      tx.update(clients).set({ storageSize: 0 }).where(eq(clients.id, ws.id)),
    );
    expect((await upload(ws.employee, [{ filename: 'd.bin', type: 'x/y', body: Buffer.alloc(5000) }])).statusCode).toBe(
      200,
    );
  });

  it('holds no database transaction while the body streams in', async () => {
    const ws = await makeWorkspace(h);
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const pending = upload(ws.employee, [
      {
        filename: 'slow.txt',
        type: 'text/plain',
        body: async function* () {
          yield Buffer.from('first half, ');
          await released;
          yield Buffer.from('second half');
        },
      },
    ]);
    // On PGlite (one connection) this would wait for the upload if the upload held a transaction.
    const me = await call(h, ws.employee, 'GET', '/api/user/me');
    expect(me.statusCode).toBe(200);
    release();
    const res = await pending;
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0].file.size).toBe(23);
  });
});

describe('download access', () => {
  it('never serves a file to another workspace', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const res = await upload(ws.employee, [{ filename: 'p.png', type: 'image/png', body: await png(20, 20) }]);
    const [result] = res.json().results;
    for (const who of [other.employee, other.admin]) {
      for (const url of [result.url, result.thumb]) {
        const denied = await call(h, who, 'GET', url);
        expect(denied.statusCode).toBe(404);
        expect(denied.json().code).toBe('file_not_found');
      }
    }
    expect((await call(h, null, 'GET', result.url)).statusCode).toBe(401);
  });

  it('answers file_not_found when the bytes are gone', async () => {
    const ws = await makeWorkspace(h);
    const [result] = (
      await upload(ws.employee, [{ filename: 'x.txt', type: 'text/plain', body: Buffer.from('x') }])
    ).json().results;
    const [row] = await rowsOf(ws.id);
    await rm(path.join(h.dataDir, 'files', row.storageKey));
    const res = await call(h, ws.employee, 'GET', result.url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'file_not_found', message: 'The file was not found or was deleted' });
  });
});

describe('download cookie', () => {
  const cookieOf = (setCookie: string | string[] | undefined, name: string) =>
    [setCookie ?? []].flat().find((c) => c.startsWith(`${name}=`));

  it('lets <img src> download with the session cookie, for GET only', async () => {
    const ws = await makeWorkspace(h);
    const [result] = (
      await upload(ws.employee, [{ filename: 'p.png', type: 'image/png', body: await png(30, 30) }])
    ).json().results;

    const put = await call(h, ws.employee, 'PUT', '/api/files/session');
    expect(put.statusCode).toBe(200);
    const session = cookieOf(put.headers['set-cookie'], 'hallway_session')!;
    expect(session).toContain(`hallway_session=${ws.employee.token}`);
    expect(session).toMatch(/; Path=\/api\/files; Max-Age=(\d+); HttpOnly; SameSite=Lax$/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(session)![1]);
    expect(maxAge).toBeGreaterThan(6 * 24 * 3600); // the token's remaining lifetime (JWT_TTL 7d)
    expect(maxAge).toBeLessThanOrEqual(7 * 24 * 3600);
    expect(cookieOf(put.headers['set-cookie'], 'hallway_company')).toMatch(/^hallway_company=; .*Max-Age=0/);
    // No proxy is trusted (TRUST_PROXY unset): a forged X-Forwarded-Proto does not make the cookie Secure...
    const forgedProto = await call(h, ws.employee, 'PUT', '/api/files/session', undefined, {
      'x-forwarded-proto': 'https',
    });
    expect(cookieOf(forgedProto.headers['set-cookie'], 'hallway_session')).not.toMatch(/Secure/);
    // ...while an installation people reach over https always sets Secure.
    const httpsSite = await createHarness({ PUBLIC_URL: 'https://intranet.example.test' });
    try {
      const there = await makeWorkspace(httpsSite);
      const https = await call(httpsSite, there.employee, 'PUT', '/api/files/session');
      expect(cookieOf(https.headers['set-cookie'], 'hallway_session')).toMatch(/; Secure$/);
    } finally {
      await httpsSite.close();
    }

    const cookie = `theme=dark; hallway_session=${ws.employee.token}`;
    for (const url of [result.url, result.thumb]) {
      const res = await h.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode).toBe(200);
    }
    // a cross-site form can carry the cookie, so nothing but reads accept it
    const post = await upload(null, [{ filename: 'x.txt', type: 'text/plain', body: Buffer.from('x') }], '', {
      cookie,
    });
    expect(post.statusCode).toBe(401);
    const forged = await h.app.inject({ method: 'GET', url: result.url, headers: { cookie: 'hallway_session=a.b.c' } });
    expect(forged.statusCode).toBe(401);

    const cleared = await call(h, null, 'DELETE', '/api/files/session');
    expect(cleared.statusCode).toBe(200);
    expect(cookieOf(cleared.headers['set-cookie'], 'hallway_session')).toMatch(
      /^hallway_session=; Path=\/api\/files; Max-Age=0/,
    );
  });

  it("takes a superadmin's workspace from the company cookie", async () => {
    const ws = await makeWorkspace(h);
    const root = await superadmin(h);
    const [result] = (
      await upload(ws.employee, [{ filename: 'x.txt', type: 'text/plain', body: Buffer.from('x') }])
    ).json().results;
    const put = await call(h, root, 'PUT', '/api/files/session', undefined, { 'x-company-id': ws.id });
    expect(cookieOf(put.headers['set-cookie'], 'hallway_company')).toMatch(new RegExp(`^hallway_company=${ws.id}; `));

    const session = `hallway_session=${root.token}`;
    const chosen = await h.app.inject({
      method: 'GET',
      url: result.url,
      headers: { cookie: `${session}; hallway_company=${ws.id}` },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.body).toBe('x');
    const none = await h.app.inject({ method: 'GET', url: result.url, headers: { cookie: session } });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('workspace_required');
  });
});

/** A request context for calling the service the way another module would, in one transaction. */
function asUser<T>(user: TestUser, work: (ctx: RequestContext) => Promise<T>): Promise<T> {
  const tasks: (() => unknown)[] = [];
  const first = principalQuery.sql(user.id, user.clientId);
  return inTenantWith(h.platform.database, { clientId: user.clientId, userId: user.id }, first, async (tx, rows) => {
    const principal = principalQuery.read(rows);
    const log = pino({ level: 'silent' });
    return work(createContext({ db: tx, ...principal!, log, afterCommit: (t) => tasks.push(t) }));
  }).then(async (result) => {
    for (const task of tasks) await task();
    return result;
  });
}

describe('service for other modules', () => {
  it('fileRefs loads files of the workspace only, in the order asked, within a size limit', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const mine = (
      await upload(ws.employee, [
        { filename: 'a.txt', type: 'text/plain', body: Buffer.from('a') },
        { filename: 'b.png', type: 'image/png', body: await png(10, 10) },
      ])
    ).json().results;
    const theirs = (
      await upload(other.employee, [{ filename: 'c.txt', type: 'text/plain', body: Buffer.from('c') }])
    ).json().results;
    const ids = [mine[1].file._id, mine[0].file._id];
    const refs = await asUser(ws.admin, (ctx) => fileRefs(ctx, ids));
    expect(refs.map((r) => r._id)).toEqual(ids);
    expect(refs[0]).toEqual(mine[1].file);
    await expect(asUser(ws.admin, (ctx) => fileRefs(ctx, [...ids, theirs[0].file._id]))).rejects.toMatchObject({
      status: 404,
      code: 'file_not_found',
    });
    await expect(asUser(ws.admin, (ctx) => fileRefs(ctx, ['not-an-id']))).rejects.toMatchObject({ status: 404 });
    await expect(asUser(ws.admin, (ctx) => fileRefs(ctx, ids, { maxSize: 5 }))).rejects.toMatchObject({
      status: 413,
      code: 'attachment_too_big',
    });
  });

  it('deleteFiles removes rows and bytes of the workspace only', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const [mine] = (
      await upload(ws.employee, [{ filename: 'p.png', type: 'image/png', body: await png(10, 10) }])
    ).json().results;
    const [theirs] = (
      await upload(other.employee, [{ filename: 't.txt', type: 'text/plain', body: Buffer.from('t') }])
    ).json().results;
    expect(await storedFor(ws.id)).toHaveLength(2);
    const count = await asUser(ws.admin, (ctx) => deleteFiles(h.platform, ctx, [mine.file._id, theirs.file._id]));
    expect(count).toBe(1);
    expect(await rowsOf(ws.id)).toHaveLength(0);
    expect(await storedFor(ws.id)).toEqual([]);
    expect(await rowsOf(other.id)).toHaveLength(1);
    expect((await call(h, other.employee, 'GET', theirs.url)).body).toBe('t');
  });
});
