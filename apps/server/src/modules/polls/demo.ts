import { randomUUID } from 'node:crypto';
import type { PollQuestionDto, StoredAnswer } from '@hallway/shared/polls';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { users } from '../users/tables.js';
import { pollParticipants, pollResponses, polls } from './tables.js';

const DAY = 24 * 60 * 60 * 1000;

const LUNCH: PollQuestionDto[] = [
  {
    id: 'day',
    text: 'Which day suits you for the team lunch?',
    kind: 'single',
    mandatory: true,
    answers: [
      { id: 'tue', text: 'Tuesday' },
      { id: 'wed', text: 'Wednesday' },
      { id: 'thu', text: 'Thursday' },
    ],
    range: null,
  },
  {
    id: 'food',
    text: 'What would you like to eat?',
    kind: 'multiple',
    mandatory: false,
    answers: [
      { id: 'pizza', text: 'Pizza' },
      { id: 'sushi', text: 'Sushi' },
      { id: 'veg', text: 'Something vegetarian' },
    ],
    range: null,
  },
  { id: 'wish', text: 'Anything else we should know?', kind: 'short_text', mandatory: false, answers: [], range: null },
];

const PULSE: PollQuestionDto[] = [
  {
    id: 'mood',
    text: 'How happy are you at work this quarter?',
    kind: 'range',
    mandatory: true,
    answers: [],
    range: 10,
  },
  {
    id: 'change',
    text: 'What one thing would make your work easier?',
    kind: 'long_text',
    mandatory: false,
    answers: [],
    range: null,
  },
];

const LUNCH_ANSWERS: Record<string, StoredAnswer>[] = [
  { day: { options: ['wed'] }, food: { options: ['pizza', 'veg'] } },
  { day: { options: ['thu'] }, food: { options: ['sushi'] }, wish: { text: 'A table outside, please' } },
  { day: { options: ['wed'] }, food: { options: ['veg'] } },
];
const PULSE_ANSWERS: Record<string, StoredAnswer>[] = [
  { mood: { value: 8 }, change: { text: 'Fewer meetings on Mondays' } },
  { mood: { value: 7 } },
  { mood: { value: 9 }, change: { text: 'A second monitor for everyone' } },
  { mood: { value: 6 }, change: { text: 'Clearer priorities from the quarterly plan' } },
];

/** Two polls of the demo workspace: a team lunch open for answers, and a finished anonymous pulse survey. */
export async function seedPolls(tx: Tx, clientId: string): Promise<void> {
  const people = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.deletionMark, false)))
    .orderBy(asc(users.created))
    .limit(6);
  if (people.length < 2) return;
  const author = people[0].id;
  const now = Date.now();
  const [lunch] = await tx
    .insert(polls)
    .values({
      clientId,
      authorId: author,
      name: 'Team lunch in March',
      description: 'We are booking a table for the whole team. Pick the day and what you would like to eat.',
      type: 'opened',
      questions: LUNCH,
      allowChange: true,
      deadline: new Date(now + 5 * DAY),
    })
    .returning();
  const respondents = people.slice(1);
  for (const [i, answers] of LUNCH_ANSWERS.slice(0, respondents.length).entries()) {
    const userId = respondents[i].id;
    await tx.insert(pollParticipants).values({ clientId, pollId: lunch.id, userId });
    await tx.insert(pollResponses).values({
      id: randomUUID(),
      clientId,
      pollId: lunch.id,
      userId,
      answered: new Date(now - (i + 1) * 3_600_000),
      answers,
    });
  }
  const [pulse] = await tx
    .insert(polls)
    .values({
      clientId,
      authorId: author,
      name: 'Quarterly pulse survey',
      description: 'Anonymous: nobody, administrators included, can see who gave which answer.',
      type: 'anonymous',
      questions: PULSE,
      created: new Date(now - 20 * DAY),
      deadline: new Date(now - 6 * DAY),
      finishedAt: new Date(now - 6 * DAY),
    })
    .returning();
  for (const [i, answers] of PULSE_ANSWERS.slice(0, people.length).entries()) {
    await tx.insert(pollParticipants).values({ clientId, pollId: pulse.id, userId: people[i].id });
    await tx.insert(pollResponses).values({ id: randomUUID(), clientId, pollId: pulse.id, answers });
  }
}
