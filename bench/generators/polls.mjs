import { randomUUID } from 'node:crypto';
import { v7 as uuid } from 'uuid';
import { z } from 'zod';
import { insertRows } from '../lib/db.mjs';

const FEELINGS = ['Very satisfied', 'Satisfied', 'Neutral', 'Unsatisfied', 'Very unsatisfied'];
const IMPROVEMENTS = ['Meetings', 'Tools', 'Onboarding', 'Office', 'Communication', 'Training'];
const WORDS = ['Friendly', 'Busy', 'Focused', 'Creative', 'Reliable', 'Calm', 'Fast', 'Curious'];
const REMARKS = [
  'More time for deep work would help.',
  'The new laptops are great, thank you.',
  'Fewer status meetings, please.',
  'I would like a mentor programme.',
  '',
];

const options = (prefix, texts) => texts.map((text, i) => ({ id: `${prefix}${i + 1}`, text }));

/** The questions of the results poll: every kind, as the editor saves them. */
const RESULTS_QUESTIONS = [
  {
    id: 'mood',
    text: 'How satisfied are you with your work?',
    kind: 'single',
    mandatory: true,
    answers: options('f', FEELINGS),
    range: null,
  },
  {
    id: 'improve',
    text: 'What would you improve?',
    kind: 'multiple',
    mandatory: false,
    answers: options('i', IMPROVEMENTS),
    range: null,
  },
  {
    id: 'recommend',
    text: 'Would you recommend us as an employer?',
    kind: 'range',
    mandatory: true,
    answers: [],
    range: 10,
  },
  { id: 'load', text: 'Your workload, in per cent', kind: 'range', mandatory: false, answers: [], range: 100 },
  { id: 'word', text: 'Your team in one word', kind: 'short_text', mandatory: false, answers: [], range: null },
  { id: 'remark', text: 'Anything else?', kind: 'long_text', mandatory: false, answers: [], range: null },
];

/** The questions of the poll the respondents answer (and answer again: it lets people change their answers). */
export const ANSWER_QUESTIONS = [
  {
    id: 'lunch',
    text: 'Where shall we go for the summer party?',
    kind: 'single',
    mandatory: true,
    answers: options('p', ['Lake', 'City', 'Forest']),
    range: null,
  },
  {
    id: 'days',
    text: 'Which days suit you?',
    kind: 'multiple',
    mandatory: false,
    answers: options('d', ['Friday', 'Saturday', 'Sunday']),
    range: null,
  },
  { id: 'fun', text: 'How much fun was last year’s?', kind: 'range', mandatory: true, answers: [], range: 5 },
];

/** What one person answered to the results poll. */
function answersOf(random) {
  const answers = {
    mood: { options: [`f${random.int(1, 5)}`] },
    recommend: { value: random.int(1, 10) },
  };
  if (random.chance(0.8)) {
    const chosen = IMPROVEMENTS.map((_, i) => `i${i + 1}`).filter(() => random.chance(0.35));
    if (chosen.length) answers.improve = { options: chosen };
  }
  if (random.chance(0.7)) answers.load = { value: random.int(20, 100) };
  if (random.chance(0.6)) answers.word = { text: random.pick(WORDS) };
  const remark = random.pick(REMARKS);
  if (remark) answers.remark = { text: remark };
  return answers;
}

/**
 * Polls (issue 29), in the first workspace only: a finished-answering-style opened poll for everyone with
 * `pollResponses` answer sets (one per person, as many people as the workspace has at most) for the results rows,
 * and an opened poll for everyone that lets people change their answers, with no answers yet, for the answering
 * row. Publishes both polls' ids, their author (the administrator) and 200 respondents (people past the administrator and the HR manager).
 */
export default {
  name: 'polls',
  after: ['clients', 'users'],
  options: {
    pollResponses: z.coerce.number().int().min(0).max(1_000_000).default(0),
  },
  async run({ session, options, random, state }) {
    const counts = { polls: 0, poll_participants: 0, poll_responses: 0 };
    if (!options.pollResponses) return counts;
    if (session.kind === 'pg') await session.query('SET synchronous_commit = off');
    const ws = state.workspaces[0];
    const people = state.users.get(ws.id);
    const author = people[0];
    const resultsPoll = uuid();
    const answerPoll = uuid();
    const columns = ['id', 'client_id', 'author_id', 'name', 'description', 'type', 'questions', 'allow_change'];
    await insertRows(
      session,
      'polls',
      columns,
      [
        [
          resultsPoll,
          ws.id,
          author,
          'Engagement survey',
          'Once a year: how are we doing?',
          'opened',
          JSON.stringify(RESULTS_QUESTIONS),
          false,
        ],
        [
          answerPoll,
          ws.id,
          author,
          'Summer party',
          'Help us plan it.',
          'opened',
          JSON.stringify(ANSWER_QUESTIONS),
          true,
        ],
      ],
      { casts: { questions: 'jsonb' } },
    );
    const responders = people.slice(0, Math.min(options.pollResponses, people.length));
    const start = Date.now() - responders.length * 1000;
    await insertRows(
      session,
      'poll_participants',
      ['client_id', 'poll_id', 'user_id'],
      responders.map((id) => [ws.id, resultsPoll, id]),
    );
    await insertRows(
      session,
      'poll_responses',
      ['id', 'client_id', 'poll_id', 'user_id', 'answered', 'answers'],
      responders.map((id, i) => [
        randomUUID(),
        ws.id,
        resultsPoll,
        id,
        new Date(start + i * 1000).toISOString(),
        JSON.stringify(answersOf(random)),
      ]),
      { casts: { answers: 'jsonb' } },
    );
    const person = (r) => ({ id: r.id, login: r.login, clientId: ws.id, workspace: ws.workspace });
    const { rows: authors } = await session.query('SELECT id, login FROM users WHERE id = $1', [author]);
    const { rows } = await session.query(
      `SELECT id, login FROM users WHERE client_id = $1 AND id <> ALL($2::uuid[]) ORDER BY login LIMIT 200`,
      [ws.id, people.slice(0, 2)],
    );
    state.published.polls = {
      workspace: ws.workspace,
      clientId: ws.id,
      results: resultsPoll,
      answer: answerPoll,
      author: person(authors[0]),
      respondents: rows.map(person),
    };
    return { polls: 2, poll_participants: responders.length, poll_responses: responders.length };
  },
};
