import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness } from '../../test/harness.js';
import { operationIdOf } from './openapi.js';

let h: Harness;
let doc: { paths: Record<string, Record<string, { operationId?: string; summary?: string }>> };
beforeAll(async () => {
  h = await createHarness();
  doc = (await call(h, null, 'GET', '/api/docs/json')).json();
});
afterAll(() => h.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, ...operation })),
  );

describe('the API document', () => {
  it('is a valid OpenAPI document whose every reference resolves', async () => {
    // The validator dereferences the document in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it('gives every operation a unique operationId and a one-line summary', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(200);
    expect(all.filter((o) => !o.summary?.trim() || o.summary.includes('\n')).map((o) => o.route)).toEqual([]);
    const ids = all.map((o) => o.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('derives an operationId from the method and the path', () => {
    expect(operationIdOf('GET', '/api/links_block/:block_id/link')).toBe('getLinksBlockByBlockIdLink');
    expect(operationIdOf('PUT', '/api/notification/read_all')).toBe('putNotificationReadAll');
  });
});
