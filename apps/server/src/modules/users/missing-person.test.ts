import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeWorkspace } from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

// Issue 12 #5: a link to someone who does not exist (or no longer does) must read as "not found", not as a bad
// request.
describe('GET /api/user/:id of a missing person', () => {
  it('answers 404 user_not_found for an unknown or malformed id, and still finds a real one', async () => {
    const ws = await makeWorkspace(h);
    // Not RFC 4122 (version and variant digits), yet a valid PostgreSQL uuid; then a random one; then junk.
    for (const id of ['11111111-1111-1111-1111-111111111111', crypto.randomUUID(), 'no-such-person']) {
      const res = await call(h, ws.employee, 'GET', `/api/user/${id}`);
      expect(res.json()).toMatchObject({ code: 'user_not_found' });
      expect(res.statusCode).toBe(404);
    }
    const found = await call(h, ws.employee, 'GET', `/api/user/${ws.admin.id}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().result._id).toBe(ws.admin.id);
  });
});
