// Isolation-suite fixtures of the tests part of learning (imported by isolation.ts): a published course of workspace
// A (`course_taken`, its own, so the course calls' fixtures stay untouched) with A's administrator and employee as
// members, and in it
// - a test somebody took (`course_test`) with a question (`test_question_taken`, answer `test_answer_taken`), a
//   running attempt of the administrator with a saved answer (`test_attempt`: answering) and one of the employee
//   (`test_attempt_finishable`: finishing);
// - a test nobody took (`course_test_free`: settings and questions change) with a question (`test_question`, answer
//   `test_answer`) and a spare question to delete (`test_question_spare`);
// - a spare test to delete (`course_test_spare`).
// Every text carries the workspace's mark.
import type { Harness } from '../../test/harness.js';
import { type FixtureWorkspace, registerBody, registerObject, registerRead } from '../../test/isolation/registry.js';

async function as(h: Harness, token: string, method: 'POST' | 'PUT', url: string, payload?: object) {
  const res = await h.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
  if (res.statusCode !== 200)
    throw new Error(`learning fixture: ${method} ${url} answered ${res.statusCode} ${res.body}`);
  return res.json().result;
}

const made = new Map<string, Promise<Record<string, string>>>();

async function build(h: Harness, a: FixtureWorkspace): Promise<Record<string, string>> {
  const admin = a.admin.token;
  const course = await as(h, admin, 'POST', '/api/courses', {
    title: `Safety ${a.mark}`,
    description: `Tested ${a.mark}`,
  });
  const newTest = (title: string) =>
    as(h, admin, 'POST', `/api/courses/${course._id}/tests`, { title: `${title} ${a.mark}`, description: a.mark });
  const newQuestion = (testId: string, text: string) =>
    as(h, admin, 'POST', `/api/tests/${testId}/questions`, {
      question: {
        text: `${text} ${a.mark}`,
        answers: [
          { text: `Right ${a.mark}`, correct: true },
          { text: `Wrong ${a.mark}`, correct: false },
        ],
      },
    });
  const taken = await newTest('Taken');
  const takenQuestion = await newQuestion(taken._id, 'Where is the exit?');
  const free = await newTest('Free');
  const question = await newQuestion(free._id, 'Who to call?');
  const spareQuestion = await newQuestion(free._id, 'Spare?');
  const spare = await newTest('Spare');
  await as(h, admin, 'POST', `/api/courses/${course._id}/members`, { empl: [a.admin.id, a.employee.id] });
  await as(h, admin, 'PUT', `/api/courses/${course._id}`, { status: 'published' });
  const start = (who: { id: string; token: string }) =>
    as(h, who.token, 'POST', `/api/tests/${course._id}/startTest/${taken._id}/for/${who.id}`);
  const adminAttempt = await start(a.admin);
  await as(h, admin, 'POST', `/api/tests/${taken._id}/answer`, {
    attempt_id: adminAttempt._id,
    question_id: takenQuestion._id,
    answers: [takenQuestion.answers[1]._id],
  });
  const employeeAttempt = await start(a.employee);
  return {
    course_taken: course._id,
    course_test: taken._id,
    test_question_taken: takenQuestion._id,
    test_answer_taken: takenQuestion.answers[0]._id,
    test_attempt: adminAttempt._id,
    test_attempt_finishable: employeeAttempt._id,
    course_test_free: free._id,
    test_question: question._id,
    test_answer: question.answers[0]._id,
    test_question_spare: spareQuestion._id,
    course_test_spare: spare._id,
  };
}

const world = (h: Harness, a: FixtureWorkspace) => {
  let objects = made.get(a.id);
  if (!objects) {
    objects = build(h, a);
    made.set(a.id, objects);
  }
  return objects;
};

for (const kind of [
  'course_taken',
  'course_test',
  'test_question_taken',
  'test_answer_taken',
  'test_attempt',
  'test_attempt_finishable',
  'course_test_free',
  'test_question',
  'test_answer',
  'test_question_spare',
  'course_test_spare',
]) {
  registerObject(kind, async (h, a) => (await world(h, a))[kind]);
}

registerBody('POST /api/courses/:id/tests', () => ({ title: 'Planted' }));
registerBody('PUT /api/courses/:id/tests/:test_id', () => ({ title: 'Renamed' }));
registerBody('POST /api/tests/:test_id/questions', () => ({
  question: {
    text: 'Planted',
    answers: [
      { text: 'Yes', correct: true },
      { text: 'No', correct: false },
    ],
  },
}));
// The first answer keeps its id (found by value: `test_answer`), the second is new.
registerBody('PUT /api/tests/:test_id/questions', ({ objects }) => ({
  question: {
    _id: objects.test_question,
    text: 'Renamed',
    answers: [
      { _id: objects.test_answer, text: 'Yes', correct: true },
      { text: 'No', correct: false },
    ],
  },
}));
registerRead('GET /api/courses/analytics/:client_id/excel', "the learning analytics' workbook");
