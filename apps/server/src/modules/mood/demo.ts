// The demo workspace's mood: two weeks of daily ratings by most of its people (a dip mid-period, a few comments), so
// the statistics tab shows a trend, departments and comments at once; today is left unanswered for the meter to ask.
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { users } from '../users/tables.js';
import { moods } from './tables.js';

const COMMENTS = [
  'Great sprint demo today',
  'Too many meetings this week',
  'The new coffee machine is a win',
  'Tired, but the release went out',
  'Lovely team lunch',
  'Waiting on other teams again',
];

/** A believable mood for person `p` on day `d` (days ago): steady per person, a dip in the middle of the period. */
const moodOf = (p: number, d: number) =>
  Math.max(1, Math.min(10, 6 + ((p * 7) % 4) - (d >= 5 && d <= 7 ? 2 : 0) + ((p + d) % 3) - 1));

export async function seedMood(tx: Tx, clientId: string): Promise<void> {
  const people = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.deletionMark, false)))
    .orderBy(users.login);
  const now = new Date();
  const rows = [];
  for (let d = 1; d <= 14; d++) {
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - d));
    for (const [p, person] of people.entries()) {
      // About four people in five answer on a given day.
      if ((p * 3 + d) % 5 === 0) continue;
      rows.push({
        clientId,
        userId: person.id,
        day: day.toISOString().slice(0, 10),
        mood: moodOf(p, d),
        comment: (p + d) % 6 === 0 ? COMMENTS[(p + d) % COMMENTS.length] : '',
        created: new Date(day.getTime() + 9 * 3_600_000),
      });
    }
  }
  if (rows.length) await tx.insert(moods).values(rows);
}
