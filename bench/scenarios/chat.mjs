import { createRandom } from '../lib/random.mjs';

/**
 * Issue 32: the history of a group room with 1,000,000 messages (bench001). `chat-history`: a page of 50 older
 * than a cursor (`GET /api/chat/room/{id}/msgs?before=…&limit=50`) read by the room's members at places spread over
 * the whole history; next to the bare keyset SQL of the same page with the senders' names.
 */

const data = { chatMessages: 1_000_000 };
const PAGE = 50;
/** Distinct pages every connection cycles through: cursors drawn over the whole history, the same on every run. */
const REQUESTS = 500;

function room(ctx) {
  const published = ctx.manifest.published?.chat;
  if (!published) throw new Error('The chat generator published no room: run with --chat-messages');
  return published;
}

/** `REQUESTS` cursors from the second page to the oldest full page, each paired with a member (in turn). */
function pages(ctx) {
  const { first, last, members } = room(ctx);
  const random = createRandom(32);
  return Array.from({ length: REQUESTS }, (_, i) => ({
    before: random.int(first + PAGE, last),
    member: members[i % members.length],
  }));
}

export const baselines = [
  {
    id: 'bare-sql-chat-history',
    title: 'bare SQL: 50 messages of a room older than a cursor (keyset), with the senders’ names',
    server: 'bare-sql',
    sql: `SELECT x.id, x.seq, x.sender_id, x.text, x.files, x.reply_to, x.mentions, x.local_id, x.edited, x.deleted,
            x.created, trim(u.first_name || ' ' || u.last_name) AS username
          FROM chat_messages x LEFT JOIN users u ON u.id = x.sender_id
          WHERE x.room_id = $1::uuid AND x.seq < $2::bigint ORDER BY x.seq DESC LIMIT ${PAGE}`,
    requests: (ctx) =>
      pages(ctx).map(({ before }) => ({ path: `/sql/bare-sql-chat-history?p=${room(ctx).room}&p=${before}` })),
    check: (body) => body.result.length === PAGE,
  },
];

export const scenarios = [
  {
    id: 'chat-history',
    title: 'GET /api/chat/room/{id}/msgs?before=…&limit=50: a page of a room of 1,000,000 messages, read by members',
    baselines: ['bare-json', 'bare-sql-chat-history'],
    data,
    requests: async (ctx) => {
      const { room: id, workspace } = room(ctx);
      const tokens = new Map();
      for (const person of ctx.people(20, { workspace })) tokens.set(person.id, await ctx.signIn(person));
      return pages(ctx).map(({ before, member }) => ({
        path: `/api/chat/room/${id}/msgs?before=${before}&limit=${PAGE}`,
        headers: { authorization: `Bearer ${tokens.get(member)}` },
      }));
    },
    check: (body) => body.result.length === PAGE && body.next !== null,
  },
];
