import { v7 as uuid } from 'uuid';
import { z } from 'zod';
import { insertRows } from '../lib/db.mjs';

/** Members of the room: the first people the manifest samples in bench001 (so scenarios can sign them in). */
const MEMBERS = 8;
/** Rows per INSERT … SELECT generate_series: one statement per batch keeps each transaction (and PGlite) small. */
const BATCH = 100_000;
/** The history goes back `messages × SPACING` seconds: a million messages over about a year. */
const SPACING_SECONDS = 30;

const PHRASES = [
  'Morning! Is the release still on for Thursday?',
  'I have pushed the new figures to the shared folder.',
  'Can someone review the slides before the call?',
  'Lunch at the canteen at 12:30, who is in?',
  'The client signed off on the budget.',
  'Reminder: the office is closed on Monday.',
  'Thanks, looks good to me.',
  'I will be ten minutes late for the stand-up.',
  'Where do we keep the printer toner these days?',
  'The test server is back up.',
  'Could you send me the invoice number?',
  'Great work on the launch, everyone!',
];

/**
 * Issue 32: one group room of the first workspace with `chatMessages` messages (default 0: nothing is written, so
 * other scenarios' data sets are untouched), its members the first sampled people there, each sending in turn,
 * their read markers near the end. Written by SQL on the database side in batches of INSERT … SELECT
 * generate_series; `seq` (the history's keyset cursor) is the table's identity, so it follows `g`. Publishes the
 * room, its members and the range of its cursors.
 */
export default {
  name: 'chat',
  after: ['clients', 'users'],
  options: { chatMessages: z.coerce.number().int().min(0).max(10_000_000).default(0) },
  async run({ session, options, state }) {
    const total = options.chatMessages;
    if (!total) return { chat_rooms: 0, chat_members: 0, chat_messages: 0 };
    if (session.kind === 'pg') await session.query('SET synchronous_commit = off');
    const ws = state.workspaces[0];
    const members = state.sample
      .filter((p) => p.clientId === ws.id)
      .slice(0, MEMBERS)
      .map((p) => p.id);
    const room = uuid();
    const started = new Date(Date.now() - total * SPACING_SECONDS * 1000);
    await insertRows(
      session,
      'chat_rooms',
      ['id', 'client_id', 'type', 'name', 'created_by', 'created', 'last_message_at'],
      [[room, ws.id, 'group', 'Everyone in the office', members[0], started.toISOString(), new Date().toISOString()]],
    );
    await insertRows(
      session,
      'chat_members',
      ['client_id', 'room_id', 'user_id', 'role', 'joined'],
      members.map((id, i) => [ws.id, room, id, i === 0 ? 'admin' : 'member', started.toISOString()]),
    );
    for (let from = 1; from <= total; from += BATCH) {
      const to = Math.min(total, from + BATCH - 1);
      await session.query(
        `INSERT INTO chat_messages (id, client_id, room_id, sender_id, text, created)
         SELECT gen_random_uuid(), $1::uuid, $2::uuid, ($3::uuid[])[1 + g % cardinality($3::uuid[])],
                ($4::text[])[1 + (g * 7) % cardinality($4::text[])] || ' #' || g,
                $5::timestamptz + make_interval(secs => g * ${SPACING_SECONDS})
         FROM generate_series($6::int, $7::int) g ORDER BY g`,
        [ws.id, room, members, PHRASES, started.toISOString(), from, to],
      );
    }
    const { rows } = await session.query(
      'SELECT min(seq)::int AS first, max(seq)::int AS last FROM chat_messages WHERE room_id = $1::uuid',
      [room],
    );
    const { first, last } = rows[0];
    // Everyone has read all but the last few: the history's `seen` flags are true, as in a lived-in room.
    await session.query(
      `UPDATE chat_members SET last_read_seq = $2::bigint - (hashtext(user_id::text) & 7), read_at = now()
       WHERE room_id = $1::uuid`,
      [room, last],
    );
    await session.query('VACUUM chat_messages');
    state.published.chat = { workspace: ws.workspace, clientId: ws.id, room, members, first, last };
    return { chat_rooms: 1, chat_members: members.length, chat_messages: total };
  },
};
