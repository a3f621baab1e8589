import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './test/harness.js';

const INDEX = `<!doctype html><html><head><title>Hallway</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(60)}</body></html>`;
const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(4000))};`;
const ROBOTS = 'User-agent: *\nDisallow: /\n';

let h: Harness;
let dist: string;

/** A web build as apps/web's `npm run build` leaves it: plain files with .br and .gz copies beside them. */
async function writeBuild(dir: string) {
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  const files: [string, string][] = [
    ['index.html', INDEX],
    ['assets/app-abc123.js', SCRIPT],
  ];
  for (const [name, content] of files) {
    await writeFile(path.join(dir, name), content);
    await writeFile(path.join(dir, `${name}.br`), brotliCompressSync(content));
    await writeFile(path.join(dir, `${name}.gz`), gzipSync(content));
  }
  await writeFile(path.join(dir, 'robots.txt'), ROBOTS);
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'hallway-web-'));
  await writeBuild(dist);
  h = await createHarness({ WEB_DIST: dist });
});

afterAll(async () => {
  await h.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the web build', () => {
  it('sends the brotli copy of a hashed asset to a browser that takes it, cached for a year', async () => {
    const res = await h.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser without brotli and the plain file to one without either', async () => {
    const gz = await h.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await h.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers the app’s own routes with index.html, compressed and revalidated every time', async () => {
    const res = await h.app.inject({ url: '/addressBook/', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
  });

  it('serves /robots.txt as the file it is, not as the app', async () => {
    const res = await h.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toBe(ROBOTS);
  });
});

describe('API answers', () => {
  it('compresses JSON of 1 KiB and more for a client that accepts it', async () => {
    const res = await h.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const spec = JSON.parse(brotliDecompressSync(res.rawPayload).toString());
    expect(spec.info.title).toBe('Hallway API');
  });

  it('leaves small JSON alone: the headers would cost what compression saves', async () => {
    const res = await h.app.inject({ url: '/api/env', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveProperty('vendor');
  });
});
