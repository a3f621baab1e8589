import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeWorkspace } from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('POST /api/analytics/visitors', () => {
  it('stores a session report of the caller', async () => {
    const ws = await makeWorkspace(h);
    const start = new Date(Date.now() - 15 * 60_000).toISOString();
    const res = await call(h, ws.employee, 'POST', '/api/analytics/visitors', {
      sessionStart: start,
      currentTime: Date.now(),
      userId: ws.employee.id,
      clientId: ws.id,
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await h.platform.database.query('SELECT seconds FROM visitor_sessions WHERE user_id = $1', [
      ws.employee.id,
    ]);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].seconds)).toBeGreaterThanOrEqual(899);
  });

  it('refuses reports for somebody else, another workspace, or impossible times', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const base = {
      sessionStart: Date.now() - 60_000,
      currentTime: Date.now(),
      userId: ws.employee.id,
      clientId: ws.id,
    };
    expect(
      (await call(h, ws.employee, 'POST', '/api/analytics/visitors', { ...base, userId: ws.admin.id })).statusCode,
    ).toBe(403);
    expect(
      (await call(h, ws.employee, 'POST', '/api/analytics/visitors', { ...base, clientId: other.id })).statusCode,
    ).toBe(403);
    const backwards = await call(h, ws.employee, 'POST', '/api/analytics/visitors', {
      ...base,
      sessionStart: Date.now() + 60_000,
    });
    expect(backwards.json().fields).toEqual({ sessionStart: 'validation' });
    const missing = await call(h, ws.employee, 'POST', '/api/analytics/visitors', { userId: ws.employee.id });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields)).toEqual(
      expect.arrayContaining(['sessionStart', 'currentTime', 'clientId']),
    );
  });
});

describe('POST /api/analytics/modules', () => {
  it('stores a module visit and refuses one for another person', async () => {
    const ws = await makeWorkspace(h);
    const visit = { module: 'company', date: new Date().toISOString(), userId: ws.employee.id, clientId: ws.id };
    expect((await call(h, ws.employee, 'POST', '/api/analytics/modules', visit)).statusCode).toBe(200);
    const { rows } = await h.platform.database.query('SELECT module FROM module_visits WHERE user_id = $1', [
      ws.employee.id,
    ]);
    expect(rows).toEqual([{ module: 'company' }]);
    expect((await call(h, ws.admin, 'POST', '/api/analytics/modules', visit)).statusCode).toBe(403);
  });
});
