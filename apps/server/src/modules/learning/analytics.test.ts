import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSystem } from '../../platform/db/tenant.js';
import { call, createHarness, type Harness, makeUser, makeWorkspace, ok, type TestUser } from '../../test/harness.js';
import { courseMembers, courses } from './tables.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('learning analytics', () => {
  it('counts members, learned, overdue, the hardest question and a person; the workbook; managers only', async () => {
    const ws = await makeWorkspace(h);
    const bob = await makeUser(h, ws.id, { firstName: 'Bob', lastName: 'Late' });
    const cleo = await makeUser(h, ws.id, { firstName: 'Cleo', lastName: 'Quick' });
    const dan = await makeUser(h, ws.id, { firstName: 'Dan', lastName: 'Later' });
    const courseId = await inSystem(h.platform.database, async (tx) => {
      const [row] = await tx
        .insert(courses)
        .values({ clientId: ws.id, title: 'Fire safety drill', status: 'published' })
        .returning();
      await tx.insert(courses).values({ clientId: ws.id, title: 'Empty draft', status: 'draft' });
      for (const [person, due] of [
        [ws.employee, dayFromToday(30)],
        [bob, dayFromToday(-3)],
        [cleo, null],
        [dan, dayFromToday(10)],
      ] as const) {
        await tx.insert(courseMembers).values({ clientId: ws.id, courseId: row.id, userId: person.id, due });
      }
      return row.id;
    });
    const test = (
      await ok(await call(h, ws.admin, 'POST', `/api/courses/${courseId}/tests`, { title: 'Drill', pass_score: 50 }))
    ).result;
    const keys: { id: string; right: string; wrong: string }[] = [];
    for (const text of ['Where is the assembly point?', 'Which extinguisher for electrics?']) {
      const q = (
        await ok(
          await call(h, ws.admin, 'POST', `/api/tests/${test._id}/questions`, {
            question: {
              text,
              answers: [
                { text: 'Right', correct: true },
                { text: 'Wrong', correct: false },
              ],
            },
          }),
        )
      ).result;
      keys.push({ id: q._id, right: q.answers[0]._id, wrong: q.answers[1]._id });
    }
    const [q1, q2] = keys;
    // Everyone misses the first question; Bob misses both (0, not passed), the others pass with 50.
    const take = async (who: TestUser, second: 'right' | 'wrong') => {
      const attempt = (
        await ok(await call(h, who, 'POST', `/api/tests/${courseId}/startTest/${test._id}/for/${who.id}`))
      ).result;
      for (const [q, choice] of [
        [q1, q1.wrong],
        [q2, q2[second]],
      ] as const) {
        await ok(
          await call(h, who, 'POST', `/api/tests/${test._id}/answer`, {
            attempt_id: attempt._id,
            question_id: q.id,
            answers: [choice],
          }),
        );
      }
      await ok(await call(h, who, 'POST', `/api/tests/${test._id}/finish`, { attempt_id: attempt._id }));
    };
    await take(ws.employee, 'right');
    await take(bob, 'wrong');
    await take(cleo, 'right');

    const data = (await ok(await call(h, ws.admin, 'GET', `/api/courses/analytics/${ws.id}`))).result;
    expect(data.totals).toMatchObject({ courses: 2, members: 4, started: 1, learned: 2, overdue: 1, avg_score: 33 });
    const fire = data.courses.find((c: { _id: string }) => c._id === courseId);
    expect(fire).toMatchObject({
      title: 'Fire safety drill',
      members: 4,
      not_started: 1,
      started: 1,
      learned: 2,
      overdue: 1,
      avg_score: 33,
    });
    expect(data.hardest.map((q: { question_id: string; answered: number; wrong: number }) => q)).toEqual([
      expect.objectContaining({ question_id: q1.id, question: 'Where is the assembly point?', answered: 3, wrong: 3 }),
      expect.objectContaining({ question_id: q2.id, answered: 3, wrong: 1 }),
    ]);
    expect(data.overdue).toEqual([
      {
        person: expect.objectContaining({ _id: bob.id }),
        course_id: courseId,
        course: 'Fire safety drill',
        due: dayFromToday(-3),
      },
    ]);
    expect(data.months).toHaveLength(12);
    expect(data.months.at(-1)).toEqual({ month: new Date().toISOString().slice(0, 7), learned: 2, started: 3 });
    expect(data.person).toBeNull();

    const one = (await ok(await call(h, ws.admin, 'GET', `/api/courses/analytics/${ws.id}?user_id=${bob.id}`))).result;
    expect(one.person.person._id).toBe(bob.id);
    expect(one.person.courses).toEqual([
      expect.objectContaining({
        _id: courseId,
        status: 'started',
        overdue: true,
        best_score: 0,
        due: dayFromToday(-3),
      }),
    ]);
    const narrowed = (await ok(await call(h, ws.admin, 'GET', `/api/courses/analytics/${ws.id}?course_id=${courseId}`)))
      .result;
    expect(narrowed.totals.courses).toBe(1);
    expect(narrowed.courses).toHaveLength(1);

    const xlsx = await call(h, ws.admin, 'GET', `/api/courses/analytics/${ws.id}/excel?user_id=${bob.id}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toMatch(/learning-analytics-.*\.xlsx/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Courses', 'Overdue', 'Hardest questions', 'Person']);
    const titles = book.getWorksheet('Courses')!.getColumn(1).values;
    expect(titles).toContain('Fire safety drill');
    expect(book.getWorksheet('Hardest questions')!.getRow(2).getCell(1).value).toBe('Where is the assembly point?');

    // Employees do not read it; nor does anyone another workspace's.
    for (const url of [`/api/courses/analytics/${ws.id}`, `/api/courses/analytics/${ws.id}/excel`]) {
      expect((await call(h, ws.employee, 'GET', url)).statusCode).toBe(403);
    }
    const other = await makeWorkspace(h);
    expect((await call(h, other.admin, 'GET', `/api/courses/analytics/${ws.id}`)).statusCode).toBe(403);
    const foreignCourse = await call(h, other.admin, 'GET', `/api/courses/analytics/${other.id}?course_id=${courseId}`);
    expect(foreignCourse.statusCode).toBe(404);
    const foreignUser = await call(h, other.admin, 'GET', `/api/courses/analytics/${other.id}?user_id=${bob.id}`);
    expect(foreignUser.statusCode).toBe(404);
    const empty = (await ok(await call(h, other.admin, 'GET', `/api/courses/analytics/${other.id}`))).result;
    expect(empty.totals).toEqual({
      courses: 0,
      members: 0,
      started: 0,
      learned: 0,
      overdue: 0,
      avg_score: null,
      avg_seconds: null,
    });
    expect(JSON.stringify(empty)).not.toContain('Fire safety');
  });
});
