import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeUser, makeWorkspace, ok, superadmin } from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe('the meter', () => {
  it('asks once a day: need until the mood is given, then a second one the same day is refused', async () => {
    const ws = await makeWorkspace(h);
    expect(await ok(await call(h, ws.employee, 'GET', `/api/mood/check/${ws.employee.id}`))).toEqual({ need: true });
    const saved = await ok(await call(h, ws.employee, 'POST', '/api/mood', { mood: 8, comment: ' Sunny ' }));
    expect(saved.result).toEqual({ mood: 8, comment: 'Sunny', day: today() });
    expect(await ok(await call(h, ws.employee, 'GET', `/api/mood/check/${ws.employee.id}`))).toEqual({ need: false });
    const again = await call(h, ws.employee, 'POST', '/api/mood', { mood: 3 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('mood_already_today');
    const { rows } = await h.platform.database.query('SELECT mood FROM moods WHERE user_id = $1', [ws.employee.id]);
    expect(rows).toEqual([{ mood: 8 }]);
  });

  it('keeps one mood a day under 50 concurrent answers of one person', async () => {
    const ws = await makeWorkspace(h);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call(h, ws.employee, 'POST', '/api/mood', { mood: (i % 10) + 1 })),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const { rows } = await h.platform.database.query('SELECT count(*)::int AS n FROM moods WHERE user_id = $1', [
      ws.employee.id,
    ]);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('refuses a mood outside 1–10 or not whole, and a comment over the limit', async () => {
    const ws = await makeWorkspace(h);
    for (const mood of [0, 11, 5.5, '7', null]) {
      const res = await call(h, ws.employee, 'POST', '/api/mood', { mood });
      expect(res.statusCode, String(mood)).toBe(400);
      expect(res.json().fields).toEqual({ mood: 'mood_value_invalid' });
    }
    expect((await call(h, ws.employee, 'POST', '/api/mood', { mood: 5, comment: 'x'.repeat(1001) })).statusCode).toBe(
      400,
    );
    expect(await ok(await call(h, ws.employee, 'GET', `/api/mood/check/${ws.employee.id}`))).toEqual({ need: true });
  });

  it('never asks the superadmin nor anyone where the workspace hides the meter; the check is one’s own', async () => {
    const ws = await makeWorkspace(h);
    const sa = await superadmin(h);
    const company = { 'x-company-id': ws.id };
    expect(await ok(await call(h, sa, 'GET', `/api/mood/check/${sa.id}`, undefined, company))).toEqual({ need: false });
    const refused = await call(h, sa, 'POST', '/api/mood', { mood: 5 }, company);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('mood_not_asked');
    expect((await call(h, ws.employee, 'GET', `/api/mood/check/${ws.admin.id}`)).statusCode).toBe(403);

    const hidden = await makeWorkspace(h, { settings: { hideMoodMeter: true } });
    expect(await ok(await call(h, hidden.employee, 'GET', `/api/mood/check/${hidden.employee.id}`))).toEqual({
      need: false,
    });
    expect((await call(h, hidden.employee, 'POST', '/api/mood', { mood: 5 })).json().code).toBe('mood_not_asked');
  });
});

describe('statistics', () => {
  /** `count` people of `department`, each rating `mood` on `day`. */
  async function answers(clientId: string, department: string, moods: number[], day = today()) {
    for (const mood of moods) {
      const person = await makeUser(h, clientId, { department });
      await h.platform.database.query(
        'INSERT INTO moods (id, client_id, user_id, day, mood) VALUES (gen_random_uuid(), $1, $2, $3, $4)',
        [clientId, person.id, day, mood],
      );
    }
  }

  it('shows the average, distribution, trend and departments, and hides groups below the minimum', async () => {
    const ws = await makeWorkspace(h);
    await answers(ws.id, 'Sales', [8, 8, 9, 7, 8]);
    await answers(ws.id, 'Support', [2, 3, 4]);
    await answers(ws.id, 'Legal', [10]);
    await answers(ws.id, 'Sales', [6, 6, 6, 6, 6], daysAgo(3));
    const res = await ok(await call(h, ws.admin, 'GET', `/api/mood/stat/${ws.id}/${daysAgo(6)}/${today()}`));
    const stat = res.result;
    expect(stat).toMatchObject({ minAnswers: 5, count: 14, people: 14 });
    expect(stat.average).toBeCloseTo(89 / 14, 2);
    expect(stat.distribution).toEqual([0, 1, 1, 1, 0, 5, 1, 3, 1, 1]);
    expect(stat.trend).toHaveLength(7);
    expect(stat.trend[3]).toEqual({ day: daysAgo(3), count: 5, average: 6 });
    expect(stat.trend[6]).toMatchObject({ day: today(), count: 9 });
    expect(stat.trend[0]).toEqual({ day: daysAgo(6), count: 0, average: null });
    // Sales (10 answers) stands on its own; Support (3) and Legal (1) only together, and 4 answers are too few.
    expect(stat.departments).toEqual([{ name: 'Sales', count: 10, average: 7 }]);
    expect(stat.others).toEqual({ departments: 2, count: 4, average: null });

    // The minimum is a setting: at 1 every department shows; a day below it would not.
    await ok(await call(h, ws.admin, 'PUT', '/api/mood/settings', { minAnswers: 1 }));
    const all = (await ok(await call(h, ws.admin, 'GET', `/api/mood/stat/${ws.id}/${daysAgo(6)}/${today()}`))).result;
    expect(all.departments.map((d: { name: string }) => d.name)).toEqual(['Legal', 'Sales', 'Support']);
    await ok(await call(h, ws.admin, 'PUT', '/api/mood/settings', { minAnswers: 20 }));
    const none = (await ok(await call(h, ws.admin, 'GET', `/api/mood/stat/${ws.id}/${daysAgo(6)}/${today()}`))).result;
    expect(none).toMatchObject({ count: 14, people: 0, average: null, departments: [], comments: [] });
    expect(none.distribution).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('keeps the period to one or two weeks, the statistics to administrators and to their own workspace', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    for (const [from, to] of [
      [daysAgo(14), today()],
      [today(), daysAgo(1)],
    ]) {
      const res = await call(h, ws.admin, 'GET', `/api/mood/stat/${ws.id}/${from}/${to}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('mood_period_invalid');
    }
    expect((await call(h, ws.admin, 'GET', `/api/mood/stat/${ws.id}/${daysAgo(13)}/${today()}`)).statusCode).toBe(200);
    expect((await call(h, ws.employee, 'GET', `/api/mood/stat/${ws.id}/${daysAgo(6)}/${today()}`)).statusCode).toBe(
      403,
    );
    expect((await call(h, ws.admin, 'GET', `/api/mood/stat/${other.id}/${daysAgo(6)}/${today()}`)).statusCode).toBe(
      403,
    );
    expect((await call(h, ws.employee, 'PUT', '/api/mood/settings', { minAnswers: 1 })).statusCode).toBe(403);
    const bad = await call(h, ws.admin, 'PUT', '/api/mood/settings', { minAnswers: 0 });
    expect(bad.json().fields).toEqual({ minAnswers: 'mood_min_answers_invalid' });
  });

  it('is closed with the feature', async () => {
    const ws = await makeWorkspace(h);
    await h.platform.database.query(
      `UPDATE clients SET features = (SELECT jsonb_agg(CASE WHEN f->>'code' = 'mood' THEN jsonb_set(f, '{active}', 'false') ELSE f END) FROM jsonb_array_elements(features) f) WHERE id = $1`,
      [ws.id],
    );
    const res = await call(h, ws.employee, 'GET', `/api/mood/check/${ws.employee.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('feature_disabled');
  });
});
