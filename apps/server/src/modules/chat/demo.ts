import type { ChatMemberRole } from '@hallway/shared/chat';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { users } from '../users/tables.js';
import { chatMembers, chatMessages, chatRooms } from './tables.js';

const MINUTE = 60 * 1000;

/** Who says what: an index into the demo's people, and the text. */
type Line = [number, string];

const GROUP: Line[] = [
  [1, 'Morning all! The printer on the third floor is fixed 🎉'],
  [2, 'Finally. Does anyone have the slides from Friday’s all-hands?'],
  [0, 'They are in the knowledge base, under Company → All-hands'],
  [3, 'Lunch at 13:00 in the big kitchen — somebody brought pies'],
  [1, 'On my way'],
  [2, 'Save me one, I’m in a call until 13:15'],
];

const DIRECT: Line[] = [
  [1, 'Hi! Could you look at the budget sheet before the review?'],
  [0, 'Sure, send it over'],
  [1, 'It is in the project folder, the tab “Q3”'],
  [0, 'Seen it — two small comments, otherwise good to go 👍'],
];

/**
 * Two rooms of the demo workspace: a team's group room ("Coffee corner", the first five people) and a direct
 * conversation between the first two, with believable messages a few minutes apart; everything read but the
 * newest two lines of the group, so the list shows an unread count.
 */
export async function seedChat(tx: Tx, clientId: string): Promise<void> {
  const people = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.deletionMark, false)))
    // The demo's administrator, then its employee (bootstrap/demo.ts), so whoever signs in sees both rooms and the
    // administrator (the group's first member) finds the newest lines of the group unread.
    .orderBy(
      sql`${users.login} = 'admin' DESC`,
      sql`${users.login} = 'anna' DESC`,
      asc(users.created),
      asc(users.login),
    );
  if (people.length < 2) return;
  const team = people.slice(0, 5).map((p) => p.id);
  const rooms: { type: 'group' | 'direct'; name: string; members: string[]; lines: Line[]; unread: number }[] = [
    { type: 'group', name: 'Coffee corner', members: team, lines: GROUP, unread: 2 },
    { type: 'direct', name: '', members: team.slice(0, 2), lines: DIRECT, unread: 0 },
  ];
  let start = Date.now() - 3 * 60 * MINUTE;
  for (const demo of rooms) {
    const [room] = await tx
      .insert(chatRooms)
      .values({
        clientId,
        type: demo.type,
        name: demo.name,
        directKey: demo.type === 'direct' ? [...demo.members].sort().join(':') : null,
        createdBy: demo.members[0],
        created: new Date(start - MINUTE),
      })
      .returning();
    let last = 0;
    let lastAt = '';
    const reads: number[] = [];
    for (const [i, [who, text]] of demo.lines.entries()) {
      const at = new Date(start + i * 7 * MINUTE).toISOString();
      const [msg] = await tx
        .insert(chatMessages)
        .values({
          clientId,
          roomId: room.id,
          senderId: demo.members[who % demo.members.length],
          text,
          created: new Date(at),
        })
        .returning({ seq: chatMessages.seq });
      last = msg.seq;
      lastAt = at;
      reads.push(msg.seq);
    }
    const readUpTo = reads[Math.max(0, reads.length - 1 - demo.unread)];
    await tx.insert(chatMembers).values(
      demo.members.map((userId, i) => ({
        clientId,
        roomId: room.id,
        userId,
        role: (demo.type === 'group' && i === 0 ? 'admin' : 'member') as ChatMemberRole,
        lastReadSeq: i === 0 ? readUpTo : last,
      })),
    );
    await tx.update(chatRooms).set({ lastMessageAt: lastAt }).where(eq(chatRooms.id, room.id));
    start += 30 * MINUTE;
  }
}
