import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { insertRows } from '../lib/db.mjs';

const DAY = 86_400_000;
const iso = (time) => new Date(time).toISOString().slice(0, 10);

/**
 * Issue 34, in the first workspace only (default `moodDays` 0: nothing is written): every person of it rated their
 * mood on each of the last `moodDays` days before today (today is left unanswered, so the meter's check answers
 * `need: true`), spread over 1–10 with a comment now and then. Publishes the workspace, its administrator and 200
 * people for the meter's check.
 */
export default {
  name: 'mood',
  after: ['clients', 'users'],
  options: { moodDays: z.coerce.number().int().min(0).max(60).default(0) },
  async run({ session, options, state }) {
    if (!options.moodDays) return { moods: 0 };
    if (session.kind === 'pg') await session.query('SET synchronous_commit = off');
    const ws = state.workspaces[0];
    const people = state.users.get(ws.id);
    const today = Date.parse(iso(Date.now()));
    let written = 0;
    for (let d = 1; d <= options.moodDays; d++) {
      const day = iso(today - d * DAY);
      const rows = people.map((id, p) => [
        randomUUID(),
        ws.id,
        id,
        day,
        1 + ((p * 7 + d * 3) % 10),
        (p + d) % 9 === 0 ? 'A note about the day' : '',
      ]);
      await insertRows(session, 'moods', ['id', 'client_id', 'user_id', 'day', 'mood', 'comment'], rows);
      written += rows.length;
    }
    const { rows: admins } = await session.query(
      `SELECT id, login FROM users WHERE client_id = $1 AND 'admin' = ANY(roles) ORDER BY login LIMIT 1`,
      [ws.id],
    );
    const { rows } = await session.query(
      `SELECT id, login FROM users WHERE client_id = $1 AND NOT ('admin' = ANY(roles)) AND NOT deletion_mark
       ORDER BY login LIMIT 200`,
      [ws.id],
    );
    const person = (r) => ({ id: r.id, login: r.login, clientId: ws.id, workspace: ws.workspace });
    state.published.mood = {
      workspace: ws.workspace,
      clientId: ws.id,
      admin: person(admins[0]),
      people: rows.map(person),
    };
    return { moods: written };
  },
};
