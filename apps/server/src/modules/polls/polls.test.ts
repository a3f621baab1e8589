import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createHarness,
  type Harness,
  makeUser,
  makeWorkspace,
  type TestUser,
  type TestWorkspace,
} from '../../test/harness.js';
import { runPollDeadlines } from './deadlines.js';

/** Every line the app logs, kept for the privacy test; errors also go to stderr. */
const logged: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    logged.push(String(chunk));
    done();
  },
});

let h: Harness;
beforeAll(async () => {
  const logger = pino(
    { level: 'trace' },
    pino.multistream([
      { level: 'trace', stream: capture },
      { level: 'error', stream: pino.destination(2) },
    ]),
  );
  h = await createHarness({}, { logger });
});
afterAll(() => h.close());

const silent = pino({ level: 'silent' });
const HOUR = 60 * 60 * 1000;

const QUESTIONS = [
  {
    id: 'day',
    text: 'Which day?',
    kind: 'single',
    mandatory: true,
    answers: [
      { id: 'tue', text: 'Tuesday' },
      { id: 'wed', text: 'Wednesday' },
    ],
  },
  {
    id: 'food',
    text: 'What food?',
    kind: 'multiple',
    answers: [
      { id: 'pizza', text: 'Pizza' },
      { id: 'veg', text: 'Vegetarian' },
    ],
  },
  { id: 'score', text: 'How good?', kind: 'range', range: 10 },
  { id: 'note', text: 'Anything else?', kind: 'long_text' },
];

const body = (extra: Record<string, unknown> = {}) => ({
  name: 'Team lunch',
  type: 'opened',
  questions: QUESTIONS,
  ...extra,
});

async function create(who: TestUser, extra: Record<string, unknown> = {}) {
  const res = await call(h, who, 'POST', '/api/poll', body(extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

const answer = (who: TestUser, id: string, answers: unknown[]) =>
  call(h, who, 'POST', `/api/poll/${id}/answers`, { answers });
const full = (day = 'wed', score = 7, note?: string) => [
  { question: 'day', options: [day] },
  { question: 'food', options: ['veg', 'pizza'] },
  { question: 'score', value: score },
  ...(note ? [{ question: 'note', text: note }] : []),
];

async function notifications(clientId: string, code: string) {
  const { rows } = await h.platform.database.query(
    'SELECT recipients, vars FROM notification_events WHERE client_id = $1 AND code = $2 ORDER BY id',
    [clientId, code],
  );
  return rows as { recipients: { ids?: string[]; everyone?: boolean }; vars: Record<string, unknown> }[];
}

const grantsFor = (...people: TestUser[]) => [{ audience: 'manual', values: people.map((p) => p.id), level: 'read' }];

describe('creating, reading and listing', () => {
  let ws: TestWorkspace;
  beforeAll(async () => {
    ws = await makeWorkspace(h);
  });

  it('publishes a poll, tells everyone, and shows it to employees with what they may do', async () => {
    const poll = await create(ws.admin, { description: 'Pick a day', deadline: new Date(Date.now() + 48 * HOUR) });
    expect(poll).toMatchObject({
      name: 'Team lunch',
      type: 'opened',
      finished: false,
      responses: 0,
      questions_count: 4,
      can: { edit: true, finish: true, delete: true, results: true, not_passed: true },
    });
    expect(poll.questions[2]).toMatchObject({ id: 'score', kind: 'range', range: 10, answers: [] });
    expect(poll.author.name).toBe('Ada Admin');
    const [told] = await notifications(ws.id, 'polls.new');
    expect(told.recipients).toEqual({ everyone: true });
    expect(told.vars.name).toBe('Team lunch');

    const seen = await call(h, ws.employee, 'GET', `/api/poll/${poll._id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().result).toMatchObject({
      recipients: 2,
      my_answers: null,
      grants: [],
      can: { answer: true, edit: false, finish: false, delete: false, results: true, not_passed: false, copy: true },
    });
    const list = await call(h, ws.employee, 'GET', `/api/user/${ws.id}/polls/access_for/${ws.employee.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, page: 0, can: { create: true } });
    expect(list.json().result[0]).toMatchObject({ _id: poll._id, answered: false });
    const finished = await call(
      h,
      ws.employee,
      'GET',
      `/api/user/${ws.id}/polls/access_for/${ws.employee.id}?status=finished`,
    );
    expect(finished.json().total).toBe(0);
  });

  it('sends a closed poll to its recipients only; others neither see nor list it', async () => {
    const other = await makeUser(h, ws.id, { firstName: 'Olga', lastName: 'Other' });
    const poll = await create(ws.admin, { type: 'closed', grants: grantsFor(ws.employee) });
    const told = (await notifications(ws.id, 'polls.new')).at(-1)!;
    expect(told.recipients).toEqual({ ids: [ws.employee.id] });
    expect((await call(h, ws.employee, 'GET', `/api/poll/${poll._id}`)).statusCode).toBe(200);
    const hidden = await call(h, other, 'GET', `/api/poll/${poll._id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('poll_not_found');
    const list = await call(h, other, 'GET', `/api/user/${ws.id}/polls/access_for/${other.id}`);
    expect(list.json().result.map((p: { _id: string }) => p._id)).not.toContain(poll._id);
    // Another person's list: administrators only.
    expect((await call(h, other, 'GET', `/api/user/${ws.id}/polls/access_for/${ws.employee.id}`)).statusCode).toBe(403);
    const forEmployee = await call(h, ws.admin, 'GET', `/api/user/${ws.id}/polls/access_for/${ws.employee.id}`);
    expect(forEmployee.json().result.map((p: { _id: string }) => p._id)).toContain(poll._id);
  });

  it('edits a poll, keeps its questions once answered, and copies it for the editor', async () => {
    const poll = await create(ws.admin);
    const renamed = await call(h, ws.admin, 'PUT', `/api/poll/${poll._id}`, { name: 'Team lunch in May' });
    expect(renamed.json().result.name).toBe('Team lunch in May');
    expect((await answer(ws.employee, poll._id, full())).statusCode).toBe(200);
    const changed = await call(h, ws.admin, 'PUT', `/api/poll/${poll._id}`, { questions: QUESTIONS.slice(0, 1) });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('poll_has_answers');
    const type = await call(h, ws.admin, 'PUT', `/api/poll/${poll._id}`, { type: 'anonymous' });
    expect(type.json().code).toBe('poll_has_answers');
    const same = await call(h, ws.admin, 'PUT', `/api/poll/${poll._id}`, { questions: QUESTIONS, description: 'x' });
    expect(same.statusCode, same.body).toBe(200);
    const copy = await call(h, ws.employee, 'GET', `/api/poll/${poll._id}/copy`);
    expect(copy.json().result).toMatchObject({ name: 'Team lunch in May', type: 'opened', deadline: null });
    const again = await call(h, ws.employee, 'POST', '/api/poll', copy.json().result);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().result.responses).toBe(0);
  });

  it('deletes a poll with its answers', async () => {
    const poll = await create(ws.admin);
    await answer(ws.employee, poll._id, full());
    expect((await call(h, ws.employee, 'DELETE', `/api/poll/${poll._id}`)).statusCode).toBe(403);
    expect((await call(h, ws.admin, 'DELETE', `/api/poll/${poll._id}`)).json()).toEqual({ result: true });
    expect((await call(h, ws.admin, 'GET', `/api/poll/${poll._id}`)).statusCode).toBe(404);
    const { rows } = await h.platform.database.query(
      'SELECT count(*)::int AS n FROM poll_responses WHERE poll_id = $1',
      [poll._id],
    );
    expect(rows[0].n).toBe(0);
  });
});

describe('the rules of a poll (§5), each with its code, nothing saved', () => {
  let ws: TestWorkspace;
  beforeAll(async () => {
    ws = await makeWorkspace(h);
  });
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['no name', { name: '  ' }, 'poll_name_required', 'name'],
    ['no questions', { questions: [] }, 'poll_questions_required', 'questions'],
    [
      'nothing mandatory',
      { questions: [{ text: 'Why?', kind: 'short_text' }] },
      'poll_mandatory_required',
      'questions',
    ],
    [
      'an empty question',
      { questions: [{ text: ' ', kind: 'short_text', mandatory: true }] },
      'poll_question_text_required',
      'questions.0.text',
    ],
    [
      'an empty answer',
      { questions: [{ text: 'Day?', kind: 'single', mandatory: true, answers: [{ text: 'Mon' }, { text: '' }] }] },
      'poll_answer_text_required',
      'questions.0.answers.1.text',
    ],
    [
      'a list without answers',
      { questions: [{ text: 'Day?', kind: 'multiple', mandatory: true, answers: [] }] },
      'poll_list_answers_required',
      'questions.0.answers',
    ],
    [
      '16 answers',
      {
        questions: [
          {
            text: 'Day?',
            kind: 'single',
            mandatory: true,
            answers: Array.from({ length: 16 }, (_, i) => ({ text: `Day ${i}` })),
          },
        ],
      },
      'poll_too_many_answers',
      'questions.0.answers',
    ],
    [
      'a range without its scale',
      { questions: [{ text: 'How?', kind: 'range', mandatory: true }] },
      'poll_range_invalid',
      'questions.0.range',
    ],
    ['a closed poll without recipients', { type: 'closed' }, 'poll_recipients_required', 'grants'],
    [
      'an anonymous poll whose answers may change',
      { type: 'anonymous', allow_change: true },
      'poll_anonymous_no_change',
      'allow_change',
    ],
    ['a deadline past', { deadline: new Date(Date.now() - HOUR).toISOString() }, 'poll_deadline_past', 'deadline'],
  ];
  for (const [what, extra, code, field] of cases) {
    it(`refuses ${what}: 400 ${code}`, async () => {
      const res = await call(h, ws.admin, 'POST', '/api/poll', body(extra), { 'accept-language': 'ru' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code, fields: { [field]: code } });
      const list = await call(h, ws.admin, 'GET', `/api/user/${ws.id}/polls/access_for/${ws.admin.id}`);
      expect(list.json().total).toBe(0);
    });
  }

  it('refuses a range of another scale through the schema', async () => {
    const res = await call(
      h,
      ws.admin,
      'POST',
      '/api/poll',
      body({ questions: [{ text: 'How?', kind: 'range', range: 7, mandatory: true }] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['questions.0.range']).toBe('poll_range_invalid');
  });

  it('checks an edit as a whole poll (a closed poll keeps needing recipients)', async () => {
    const poll = await create(ws.admin, { type: 'closed', grants: grantsFor(ws.employee) });
    const res = await call(h, ws.admin, 'PUT', `/api/poll/${poll._id}`, { grants: [] });
    expect(res.json().code).toBe('poll_recipients_required');
    const emptied = await call(h, ws.admin, 'PUT', `/api/poll/${poll._id}`, { name: '' });
    expect(emptied.json().code).toBe('poll_name_required');
    expect((await call(h, ws.admin, 'GET', `/api/poll/${poll._id}`)).json().result.name).toBe('Team lunch');
  });
});

describe('access', () => {
  it('refuses an employee without the right, the other workspace, and employees managing a poll', async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const noRight = await makeUser(h, ws.id, { rights: { polls: false } });
    const denied = await call(h, noRight, 'POST', '/api/poll', body());
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('no_access');
    const poll = await create(ws.admin);
    // Without the right a person still answers what they receive.
    expect((await answer(noRight, poll._id, full())).statusCode).toBe(200);
    expect((await call(h, noRight, 'GET', `/api/poll/${poll._id}/copy`)).statusCode).toBe(403);

    for (const [method, url] of [
      ['GET', `/api/poll/${poll._id}`],
      ['PUT', `/api/poll/${poll._id}`],
      ['PUT', `/api/poll/${poll._id}/finish`],
      ['DELETE', `/api/poll/${poll._id}`],
      ['GET', `/api/poll/${poll._id}/results`],
      ['GET', `/api/poll/${poll._id}/results/table`],
      ['GET', `/api/poll/${poll._id}/results/not_passed`],
      ['POST', `/api/poll/${poll._id}/remind`],
      ['GET', `/api/poll/${poll._id}/copy`],
      ['GET', `/api/poll/${poll._id}/excel?uid=${other.admin.id}`],
    ] as const) {
      const res = await call(h, other.admin, method, url, method === 'PUT' || method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('poll_not_found');
    }
    const foreign = await answer(other.employee, poll._id, full());
    expect(foreign.statusCode).toBe(404);
    expect((await call(h, other.admin, 'GET', `/api/user/${ws.id}/polls/access_for/${ws.admin.id}`)).statusCode).toBe(
      403,
    );

    for (const [method, url] of [
      ['PUT', `/api/poll/${poll._id}`],
      ['PUT', `/api/poll/${poll._id}/finish`],
      ['GET', `/api/poll/${poll._id}/results/not_passed`],
      ['POST', `/api/poll/${poll._id}/remind`],
    ] as const) {
      const res = await call(h, ws.employee, method, url, method === 'GET' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // The export for somebody else: administrators only; a stranger's id is nobody here.
    expect((await call(h, ws.employee, 'GET', `/api/poll/${poll._id}/excel?uid=${ws.admin.id}`)).statusCode).toBe(403);
    const stranger = await call(h, ws.admin, 'GET', `/api/poll/${poll._id}/excel?uid=${other.employee.id}`);
    expect(stranger.json().code).toBe('user_not_found');
  });

  it('shows a closed poll’s results to its managers only; employees see their own answers', async () => {
    const ws = await makeWorkspace(h);
    const poll = await create(ws.admin, { type: 'closed', grants: grantsFor(ws.employee) });
    expect((await answer(ws.employee, poll._id, full('tue', 3))).statusCode).toBe(200);
    const mine = (await call(h, ws.employee, 'GET', `/api/poll/${poll._id}`)).json().result;
    expect(mine.my_answers).toEqual({
      day: { options: ['tue'] },
      food: { options: ['pizza', 'veg'] },
      score: { value: 3 },
    });
    expect(mine.can).toMatchObject({ results: false, table: false, answer: false });
    expect((await call(h, ws.employee, 'GET', `/api/poll/${poll._id}/results`)).statusCode).toBe(403);
    expect((await call(h, ws.employee, 'GET', `/api/poll/${poll._id}/results/table`)).statusCode).toBe(403);
    expect((await call(h, ws.employee, 'GET', `/api/poll/${poll._id}/excel?uid=${ws.employee.id}`)).statusCode).toBe(
      403,
    );
    const table = await call(h, ws.admin, 'GET', `/api/poll/${poll._id}/results/table`);
    expect(table.json().result[0].person.name).toBe('Eve Employee');
    // The administrator reads the poll but is not among its recipients.
    const notMine = await answer(ws.admin, poll._id, full());
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().code).toBe('poll_not_recipient');
  });
});

describe('answering', () => {
  let ws: TestWorkspace;
  beforeAll(async () => {
    ws = await makeWorkspace(h);
  });

  it('keeps one answer set per person; a second is refused unless changes are allowed', async () => {
    const poll = await create(ws.admin);
    const first = await answer(ws.employee, poll._id, full('tue', 4, 'Outside'));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result).toMatchObject({ answered: true, responses: 1, can: { answer: false } });
    const second = await answer(ws.employee, poll._id, full('wed'));
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('poll_already_answered');
    expect((await call(h, ws.employee, 'GET', `/api/poll/${poll._id}`)).json().result.my_answers.day).toEqual({
      options: ['tue'],
    });

    const changeable = await create(ws.admin, { allow_change: true });
    await answer(ws.employee, changeable._id, full('tue'));
    const changed = await answer(ws.employee, changeable._id, full('wed', 9));
    expect(changed.statusCode).toBe(200);
    expect(changed.json().result).toMatchObject({
      responses: 1,
      my_answers: { day: { options: ['wed'] }, score: { value: 9 } },
    });
  });

  it('refuses answers that do not fit: range, mandatory, unknown options, two choices of a single one', async () => {
    const poll = await create(ws.admin);
    const cases: [unknown[], string, string][] = [
      [full('tue', 11), 'poll_range_answer_invalid', 'answers.2.value'],
      [full('tue', 0), 'poll_range_answer_invalid', 'answers.2.value'],
      [[{ question: 'score', value: 5 }], 'poll_mandatory_missing', 'answers.day'],
      [[{ question: 'day', options: [] }], 'poll_mandatory_missing', 'answers.day'],
      [[{ question: 'day', options: ['fri'] }], 'poll_answer_invalid', 'answers.0.options'],
      [[{ question: 'day', options: ['tue', 'wed'] }], 'poll_answer_invalid', 'answers.0.options'],
      [[{ question: 'day', text: 'Tuesday' }], 'poll_answer_invalid', 'answers.0'],
      [[{ question: 'nope', text: 'x' }], 'poll_answer_invalid', 'answers.0'],
    ];
    for (const [answers, code, field] of cases) {
      const res = await answer(ws.employee, poll._id, answers);
      expect(res.statusCode, JSON.stringify(answers)).toBe(400);
      expect(res.json()).toMatchObject({ code, fields: { [field]: code } });
    }
    const range = await answer(ws.employee, poll._id, full('tue', 11));
    expect(range.json().params).toEqual({ max: 10 });
    expect((await call(h, ws.employee, 'GET', `/api/poll/${poll._id}`)).json().result.responses).toBe(0);
  });

  it('finishes a poll: answers are refused after it, and it finishes once', async () => {
    const poll = await create(ws.admin);
    const finished = await call(h, ws.admin, 'PUT', `/api/poll/${poll._id}/finish`);
    expect(finished.statusCode).toBe(200);
    expect(finished.json().result).toMatchObject({
      finished: true,
      can: { finish: false, edit: false, answer: false },
    });
    const late = await answer(ws.employee, poll._id, full());
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('poll_finished');
    expect((await call(h, ws.admin, 'PUT', `/api/poll/${poll._id}/finish`)).json().code).toBe('poll_finished');
    expect((await call(h, ws.admin, 'PUT', `/api/poll/${poll._id}`, { name: 'Again' })).json().code).toBe(
      'poll_finished',
    );
  });
});

describe('results', () => {
  it('counts answers, ranges with their mean and texts; the table, not passed, remind and the xlsx export', async () => {
    const ws = await makeWorkspace(h);
    const people = [ws.employee];
    for (let i = 0; i < 3; i++)
      people.push(await makeUser(h, ws.id, { firstName: `Person${i}`, lastName: 'Respondent' }));
    const poll = await create(ws.admin);
    await answer(people[0], poll._id, full('tue', 2, 'Outside please'));
    await answer(people[1], poll._id, full('wed', 8));
    await answer(people[2], poll._id, [
      { question: 'day', options: ['wed'] },
      { question: 'score', value: 8 },
    ]);
    const res = await call(h, ws.employee, 'GET', `/api/poll/${poll._id}/results`);
    expect(res.statusCode, res.body).toBe(200);
    const general = res.json().result;
    expect(general).toMatchObject({ responses: 3, recipients: 5, rate: 0.6 });
    const [day, food, score, note] = general.questions;
    expect(day.options).toEqual([
      { id: 'tue', text: 'Tuesday', count: 1 },
      { id: 'wed', text: 'Wednesday', count: 2 },
    ]);
    expect(food).toMatchObject({ answered: 2, options: [{ count: 2 }, { count: 2 }] });
    expect(score).toMatchObject({ answered: 3, range: 10, mean: 6 });
    expect(score.distribution).toEqual([0, 1, 0, 0, 0, 0, 0, 2, 0, 0]);
    expect(note).toMatchObject({ answered: 1, texts: ['Outside please'] });

    const table = (await call(h, ws.employee, 'GET', `/api/poll/${poll._id}/results/table`)).json();
    expect(table).toMatchObject({ total: 3, names: true, page: 0 });
    expect(table.columns.map((c: { id: string }) => c.id)).toEqual(['day', 'food', 'score', 'note']);
    expect(table.result[0]).toMatchObject({
      person: { name: 'Eve Employee' },
      answers: { day: 'Tuesday', food: 'Pizza; Vegetarian', score: '2', note: 'Outside please' },
    });

    const pending = (await call(h, ws.admin, 'GET', `/api/poll/${poll._id}/results/not_passed`)).json();
    expect(pending.total).toBe(2);
    expect(pending.result.map((p: { _id: string }) => p._id).sort()).toEqual([ws.admin.id, people[3].id].sort());
    const reminded = await call(h, ws.admin, 'POST', `/api/poll/${poll._id}/remind`);
    expect(reminded.json().result).toEqual({ reminded: 1 });
    const [told] = await notifications(ws.id, 'polls.reminder');
    expect(told.recipients).toEqual({ ids: [people[3].id] });

    const xlsx = await call(h, ws.admin, 'GET', `/api/poll/${poll._id}/excel?uid=${ws.admin.id}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Name',
      'Answered',
      'Which day?',
      'What food?',
      'How good?',
      'Anything else?',
    ]);
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).getCell(1).value).toBe('Eve Employee');
    expect(sheet.getRow(2).getCell(5).value).toBe('2');
  });
});

describe('anonymous polls are private by construction', () => {
  it('stores answers with no person, time or ordered id; no call, export or log line joins them to anyone', async () => {
    const ws = await makeWorkspace(h);
    const second = await makeUser(h, ws.id, { firstName: 'Sam', lastName: 'Second' });
    const poll = await create(ws.admin, { type: 'anonymous' });
    const from = logged.length;
    const secret = 'My manager never listens';
    const res = await answer(ws.employee, poll._id, full('tue', 3, secret));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ answered: true, my_answers: null, can: { answer: false } });
    await answer(second, poll._id, full('wed', 9, 'All good'));
    const lines = logged.slice(from);
    expect(lines.length).toBeGreaterThan(0);

    const db = h.platform.database;
    const { rows: responses } = await db.query('SELECT * FROM poll_responses WHERE poll_id = $1', [poll._id]);
    expect(responses).toHaveLength(2);
    for (const row of responses) {
      expect(Object.keys(row).sort()).toEqual(['answered', 'answers', 'client_id', 'id', 'poll_id', 'user_id']);
      expect(row.user_id).toBeNull();
      expect(row.answered).toBeNull();
      // A random (v4) id: no time in it to match against the participation.
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    const { rows: participants } = await db.query(
      'SELECT * FROM poll_participants WHERE poll_id = $1 ORDER BY user_id',
      [poll._id],
    );
    expect(participants.map((p) => p.user_id).sort()).toEqual([ws.employee.id, second.id].sort());
    for (const p of participants) {
      expect(Object.keys(p).sort()).toEqual(['client_id', 'day', 'poll_id', 'user_id']);
    }
    // Nothing else of the module's holds the person with the answer.
    const { rows: mentions } = await db.query(
      `SELECT count(*)::int AS n FROM polls WHERE id = $1 AND (questions::text LIKE '%' || $2 || '%')`,
      [poll._id, ws.employee.id],
    );
    expect(mentions[0].n).toBe(0);

    // The log of the submissions names neither the answer nor its row.
    for (const line of lines) {
      expect(line).not.toContain(secret);
      expect(line).not.toContain(ws.employee.id);
      for (const row of responses) expect(line).not.toContain(row.id);
    }

    // The administrator's table, export and the respondent's own view carry no person.
    const table = (await call(h, ws.admin, 'GET', `/api/poll/${poll._id}/results/table`)).json();
    expect(table.names).toBe(false);
    for (const row of table.result) expect(row).toMatchObject({ person: null, answered: null });
    expect(JSON.stringify(table)).not.toContain(ws.employee.id);
    expect((await call(h, ws.employee, 'GET', `/api/poll/${poll._id}`)).json().result.my_answers).toBeNull();
    expect((await call(h, ws.employee, 'GET', `/api/poll/${poll._id}/results`)).statusCode).toBe(403);
    const xlsx = await call(h, ws.admin, 'GET', `/api/poll/${poll._id}/excel?uid=${ws.admin.id}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'Which day?', 'What food?', 'How good?', 'Anything else?']);
    const cells = JSON.stringify(sheet.getSheetValues());
    expect(cells).not.toContain('Eve');
    expect(cells).not.toContain('Sam');
    // "Not passed" still works from the participation.
    const pending = (await call(h, ws.admin, 'GET', `/api/poll/${poll._id}/results/not_passed`)).json();
    expect(pending.result.map((p: { _id: string }) => p._id)).toEqual([ws.admin.id]);
    // And one person still answers once.
    expect((await answer(ws.employee, poll._id, full())).json().code).toBe('poll_already_answered');

    // At the finish the rows are written again: new random ids, and one writing transaction for every answer and
    // every participation, so not even PostgreSQL's row bookkeeping pairs them.
    expect((await call(h, ws.admin, 'PUT', `/api/poll/${poll._id}/finish`)).statusCode).toBe(200);
    const { rows: mixed } = await db.query(
      'SELECT id, xmin::text AS x, answers FROM poll_responses WHERE poll_id = $1',
      [poll._id],
    );
    expect(mixed).toHaveLength(2);
    for (const row of mixed) expect(responses.map((r) => r.id)).not.toContain(row.id);
    const { rows: marks } = await db.query(
      'SELECT DISTINCT xmin::text AS x FROM poll_participants WHERE poll_id = $1',
      [poll._id],
    );
    expect([...new Set([...mixed.map((r) => r.x), ...marks.map((r) => r.x)])]).toHaveLength(1);
    const after = (await call(h, ws.admin, 'GET', `/api/poll/${poll._id}/results`)).json().result;
    expect(after.responses).toBe(2);
    expect(after.questions[2].distribution[2]).toBe(1);
  });
});

describe('concurrency', () => {
  it('keeps every one of 200 concurrent answers, with exact counts', async () => {
    const ws = await makeWorkspace(h);
    const people: TestUser[] = [];
    for (let i = 0; i < 200; i++) people.push(await makeUser(h, ws.id));
    const poll = await create(ws.admin);
    const answers = await Promise.all(
      people.map((p, i) => answer(p, poll._id, full(i % 4 === 0 ? 'tue' : 'wed', (i % 10) + 1))),
    );
    expect(answers.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    const general = (await call(h, ws.admin, 'GET', `/api/poll/${poll._id}/results`)).json().result;
    expect(general.responses).toBe(200);
    expect(general.questions[0].options.map((o: { count: number }) => o.count)).toEqual([50, 150]);
    expect(general.questions[2].distribution).toEqual(Array(10).fill(20));
    expect(general.questions[2].mean).toBe(5.5);
  });

  it('keeps one answer set of one person submitting 20 times at once', async () => {
    const ws = await makeWorkspace(h);
    for (const allow_change of [false, true]) {
      const poll = await create(ws.admin, { allow_change });
      const res = await Promise.all(
        Array.from({ length: 20 }, (_, i) => answer(ws.employee, poll._id, full('tue', (i % 10) + 1))),
      );
      const codes = res.map((r) => r.statusCode);
      if (allow_change) expect(codes.every((c) => c === 200)).toBe(true);
      else {
        expect(codes.filter((c) => c === 200)).toHaveLength(1);
        expect(codes.filter((c) => c === 409)).toHaveLength(19);
      }
      const { rows } = await h.platform.database.query(
        'SELECT (SELECT count(*)::int FROM poll_responses WHERE poll_id = $1) AS responses, (SELECT count(*)::int FROM poll_participants WHERE poll_id = $1) AS people',
        [poll._id],
      );
      expect(rows[0]).toEqual({ responses: 1, people: 1 });
    }
  });
});

describe('the deadline job', () => {
  it('reminds those who have not answered the day before, once, and finishes the poll at the deadline', async () => {
    const ws = await makeWorkspace(h);
    const late = await makeUser(h, ws.id, { firstName: 'Lou', lastName: 'Late' });
    const deadline = Date.now() + 3 * 24 * HOUR;
    const poll = await create(ws.admin, { deadline: new Date(deadline).toISOString() });
    await answer(ws.employee, poll._id, full());
    const run = (now: number) => runPollDeadlines(h.platform, h.app.services, silent, now);
    const before = (await notifications(ws.id, 'polls.reminder')).length;

    await run(deadline - 30 * HOUR);
    expect(await notifications(ws.id, 'polls.reminder')).toHaveLength(before);
    await run(deadline - 20 * HOUR);
    await run(deadline - 19 * HOUR);
    const reminders = await notifications(ws.id, 'polls.reminder');
    expect(reminders).toHaveLength(before + 1);
    expect(reminders.at(-1)!.recipients.ids!.sort()).toEqual([ws.admin.id, late.id].sort());

    expect((await call(h, late, 'GET', `/api/poll/${poll._id}`)).json().result.finished).toBe(false);
    await run(deadline + 1000);
    const finished = (await call(h, late, 'GET', `/api/poll/${poll._id}`)).json().result;
    expect(finished).toMatchObject({ finished: true, finished_at: new Date(deadline).toISOString() });
    expect((await answer(late, poll._id, full())).json().code).toBe('poll_finished');
  });
});
