import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';

let h: Harness;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'hallway-web-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  h = await createHarness({ WEB_DIST: webDist, PUBLIC_URL: 'https://intranet.example.test' });
});
afterAll(async () => {
  await h.close();
  await rm(webDist, { recursive: true, force: true });
});

const directives = (policy: string | undefined) =>
  new Map(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/) as [string, ...string[]])
      .map(([k, ...v]) => [k, v]),
  );

describe('security headers', () => {
  it('sends a strict CSP, no framing and HSTS with the web app and its routes', async () => {
    for (const url of ['/', '/profile/x']) {
      const res = await h.app.inject({ method: 'GET', url });
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('img-src'), url).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('connect-src'), url).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.get('base-uri'), url).toEqual(["'self'"]);
      expect(csp.get('form-action'), url).toEqual(["'self'"]);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['strict-transport-security'], url).toMatch(/^max-age=\d{7,}/);
    }
    const html = await h.app.inject({ method: 'GET', url: '/' });
    expect(html.headers['content-type']).toMatch(/text\/html/);
  });

  it('lets a JSON answer opened as a document load nothing and be framed nowhere', async () => {
    for (const url of ['/api/user/me', '/api/env', '/api/nothing-here']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(directives(res.headers['content-security-policy'] as string), url).toEqual(
        new Map([
          ['default-src', ["'none'"]],
          ['frame-ancestors', ["'none'"]],
        ]),
      );
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['strict-transport-security'], url).toMatch(/^max-age=\d{7,}/);
    }
  });

  it('sends nosniff and HSTS but no document policies with the built scripts and styles', async () => {
    await mkdir(path.join(webDist, 'assets'), { recursive: true });
    await writeFile(path.join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
    const res = await h.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['referrer-policy']).toBeUndefined();
    // Hashed names never change content: no validators or ranges to send (bytes on every answer of /login/).
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['last-modified']).toBeUndefined();
    expect(res.headers['accept-ranges']).toBeUndefined();
  });

  it('gives the API reference its own policy, still without outside scripts or framing', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/docs/' });
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('without https', () => {
  it('sends no HSTS', async () => {
    const plain = await createHarness();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/api/user/me' });
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBe('DENY');
    } finally {
      await plain.close();
    }
  });
});
