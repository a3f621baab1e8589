import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createHarness,
  type Harness,
  makeUser,
  makeWorkspace,
  ok,
  type TestWorkspace,
} from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

/** An appointed course with `n` lessons, assigned by the administrator to the employee. */
async function assigned(ws: TestWorkspace, n: number, title = 'Security basics') {
  const c = (await ok(await call(h, ws.admin, 'POST', '/api/courses', { title }))).result;
  const lessons: string[] = [];
  for (let i = 1; i <= n; i++) {
    const l = await ok(
      await call(h, ws.admin, 'POST', `/api/courses/${c._id}/lessons`, { title: `Lesson ${i}`, doc: doc(`${i}`) }),
    );
    lessons.push(l.result._id);
  }
  await ok(await call(h, ws.admin, 'PUT', `/api/courses/${c._id}`, { status: 'appointed' }));
  await ok(await call(h, ws.admin, 'POST', `/api/courses/${c._id}/members`, { empl: [ws.employee.id] }));
  return { id: c._id as string, lessons };
}

const learn = (who: { token: string }, courseId: string, lessonId: string, seconds = 0) =>
  call(h, who, 'PUT', '/api/course_progress/learn', { course_id: courseId, lesson_id: lessonId, seconds });

async function learnedNotices(clientId: string): Promise<string[]> {
  const { rows } = await h.platform.database.query(
    "SELECT recipients, vars FROM notification_events WHERE client_id = $1 AND code = 'learning.learned' ORDER BY id",
    [clientId],
  );
  return (rows as { recipients: { ids: string[] }; vars: Record<string, string> }[]).flatMap((r) =>
    r.recipients.ids.map((id) => `${id}:${r.vars.actor}:${r.vars.course}`),
  );
}

describe('progress', () => {
  it('learns lessons: percent, seconds, status, the learned notice to the assigner, progress reads', async () => {
    const ws = await makeWorkspace(h);
    const c = await assigned(ws, 2);
    const first = (await ok(await learn(ws.employee, c.id, c.lessons[0], 90))).result;
    expect(first).toMatchObject({ status: 'started', percent: 50, seconds: 90, certificate: false, learned_at: null });
    expect(first.lessons.map((l: { learned: boolean }) => l.learned)).toEqual([true, false]);
    // Again: the lesson stays learned once, its seconds add up.
    expect((await ok(await learn(ws.employee, c.id, c.lessons[0], 30))).result).toMatchObject({
      percent: 50,
      seconds: 120,
    });
    expect(await learnedNotices(ws.id)).toEqual([]);
    const done = (await ok(await learn(ws.employee, c.id, c.lessons[1], 10))).result;
    expect(done).toMatchObject({ status: 'learned', percent: 100, seconds: 130, certificate: true });
    expect(done.learned_at).toBeTruthy();
    expect(await learnedNotices(ws.id)).toEqual([`${ws.admin.id}:Eve Employee:Security basics`]);
    const page = (await ok(await call(h, ws.employee, 'GET', `/api/courses/${c.id}`))).result;
    expect(page.my).toMatchObject({ status: 'learned', percent: 100 });
    expect(page.items.every((i: { done: boolean }) => i.done)).toBe(true);

    // A new lesson makes them a learner again; learning it keeps the first date and tells nobody twice.
    const extra = await ok(
      await call(h, ws.admin, 'POST', `/api/courses/${c.id}/lessons`, { title: 'Phishing', doc: doc('p') }),
    );
    const back = (await ok(await call(h, ws.admin, 'GET', `/api/course_progress/progress/${c.id}/${ws.employee.id}`)))
      .result;
    expect(back).toMatchObject({ status: 'started', percent: 66, certificate: false });
    const again = (await ok(await learn(ws.employee, c.id, extra.result._id))).result;
    expect(again).toMatchObject({ status: 'learned', percent: 100, learned_at: done.learned_at });
    expect(await learnedNotices(ws.id)).toHaveLength(1);

    // Reading progress: one's own or the managers'; a colleague's is refused.
    const colleague = await makeUser(h, ws.id);
    const url = `/api/course_progress/progress/${c.id}/${ws.employee.id}`;
    expect((await call(h, colleague, 'GET', url)).statusCode).toBe(404);
    const openCourse = await ok(await call(h, ws.admin, 'PUT', `/api/courses/${c.id}`, { status: 'published' }));
    expect(openCourse.result.status).toBe('published');
    expect((await call(h, colleague, 'GET', url)).statusCode).toBe(403);
    const notMember = await call(h, ws.admin, 'GET', `/api/course_progress/progress/${c.id}/${colleague.id}`);
    expect(notMember.json().code).toBe('course_member_not_found');
  });

  it('refuses learning outside membership, in a closed course, and another course’s lesson', async () => {
    const ws = await makeWorkspace(h);
    const c = await assigned(ws, 1);
    const other = await assigned(ws, 1, 'Other');
    const outsider = await makeUser(h, ws.id);
    await ok(await call(h, ws.admin, 'PUT', `/api/courses/${c.id}`, { status: 'published' }));
    const stranger = await learn(outsider, c.id, c.lessons[0]);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBe('course_not_member');
    const wrong = await learn(ws.employee, c.id, other.lessons[0]);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().code).toBe('lesson_not_found');
    await ok(await call(h, ws.admin, 'PUT', `/api/courses/${c.id}`, { status: 'archived' }));
    const closed = await learn(ws.employee, c.id, c.lessons[0]);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().code).toBe('course_closed');
    const foreign = await makeWorkspace(h);
    expect((await learn(foreign.employee, c.id, c.lessons[0])).statusCode).toBe(404);
  });

  it('counts right under concurrency: 50 marks of one lesson at once and a second lesson', async () => {
    const ws = await makeWorkspace(h);
    const c = await assigned(ws, 2);
    const answers = await Promise.all([
      ...Array.from({ length: 50 }, () => learn(ws.employee, c.id, c.lessons[0], 1)),
      learn(ws.employee, c.id, c.lessons[1], 1),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const progress = (
      await ok(await call(h, ws.employee, 'GET', `/api/course_progress/progress/${c.id}/${ws.employee.id}`))
    ).result;
    expect(progress).toMatchObject({ status: 'learned', percent: 100, seconds: 51 });
    const { rows } = await h.platform.database.query(
      'SELECT count(*)::int AS n FROM lesson_progress WHERE course_id = $1 AND user_id = $2',
      [c.id, ws.employee.id],
    );
    expect(Number(rows[0].n)).toBe(2);
    expect(await learnedNotices(ws.id)).toHaveLength(1);
  });
});

describe('certificate', () => {
  it('is a PDF once the course is learned, for the person and the managers only', async () => {
    const ws = await makeWorkspace(h);
    const c = await assigned(ws, 1, 'Безопасность «данных»');
    const url = `/api/course_progress/certificate/${c.id}/${ws.employee.id}`;
    const early = await call(h, ws.employee, 'GET', url);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('course_not_learned');
    await ok(await learn(ws.employee, c.id, c.lessons[0]));
    const pdf = await call(h, ws.employee, 'GET', url);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename=/);
    expect(pdf.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(pdf.rawPayload.length).toBeGreaterThan(1000);
    expect((await call(h, ws.admin, 'GET', url)).statusCode).toBe(200);
    // A colleague may not have it (the appointed course is hidden from them; a published one is refused).
    const colleague = await makeUser(h, ws.id);
    expect((await call(h, colleague, 'GET', url)).statusCode).toBe(404);
    await ok(await call(h, ws.admin, 'PUT', `/api/courses/${c.id}`, { status: 'published' }));
    expect((await call(h, colleague, 'GET', url)).statusCode).toBe(403);
    const notMember = await call(h, ws.admin, 'GET', `/api/course_progress/certificate/${c.id}/${colleague.id}`);
    expect(notMember.statusCode).toBe(404);
    const foreign = await makeWorkspace(h);
    expect((await call(h, foreign.admin, 'GET', url)).statusCode).toBe(404);
  });
});
