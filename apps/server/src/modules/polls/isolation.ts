// Isolation-suite fixtures of the polls: an opened poll of workspace A (its author lets people change their answers)
// that A's employee answered, so every table of the module has a row of A; and the bodies of the calls.
import type { Harness } from '../../test/harness.js';
import { type FixtureWorkspace, registerBody, registerObject } from '../../test/isolation/registry.js';
import { as } from '../posts/isolation.js';

const questions = (mark: string) => [
  {
    id: 'q1',
    text: `Which day suits you ${mark}?`,
    kind: 'single',
    mandatory: true,
    answers: [
      { id: 'a1', text: `Tuesday ${mark}` },
      { id: 'a2', text: `Thursday ${mark}` },
    ],
  },
  { id: 'q2', text: `Anything else ${mark}?`, kind: 'short_text' },
];

const made = new Map<string, string>();

async function pollOf(h: Harness, a: FixtureWorkspace): Promise<string> {
  const known = made.get(a.id);
  if (known) return known;
  const poll = await as(h, a.admin.token, 'POST', '/api/poll', {
    name: `Team lunch ${a.mark}`,
    description: `Pick a day ${a.mark}`,
    type: 'opened',
    allow_change: true,
    questions: questions(a.mark),
  });
  await as(h, a.employee.token, 'POST', `/api/poll/${poll._id}/answers`, {
    answers: [
      { question: 'q1', options: ['a2'] },
      { question: 'q2', text: `A table outside ${a.mark}` },
    ],
  });
  made.set(a.id, poll._id);
  return poll._id;
}

registerObject('poll', pollOf);

registerBody('POST /api/poll', () => ({ name: 'Planted', type: 'opened', questions: questions('planted') }));
registerBody('PUT /api/poll/:id', () => ({ name: 'Renamed', description: 'Planted' }));
registerBody('POST /api/poll/:id/answers', () => ({ answers: [{ question: 'q1', options: ['a1'] }] }));
