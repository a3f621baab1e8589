// The demo workspace's ideas and violation reports: Hannah (HR) receives both; a few ideas in every status with
// replies, a signed report under review and an anonymous one, so the inboxes and "my ideas" show real threads.
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { users } from '../users/tables.js';
import { feedbackItems, feedbackMessages, feedbackRecipients } from './tables.js';

const IDEAS = [
  {
    by: 'priya',
    title: 'Quiet hours on Wednesdays',
    description: 'No meetings between 9 and 13 on Wednesdays, so everyone gets a block of focused time each week.',
    status: 'accepted',
    reply: 'We start in January: the calendar will warn whoever books a meeting in those hours.',
    days: 30,
  },
  {
    by: 'lukas',
    title: 'A shared library of books',
    description: 'A shelf in the kitchen where people bring books they have read and borrow others.',
    status: 'review',
    reply: 'Facilities are checking where a shelf fits. Thank you!',
    days: 9,
  },
  {
    by: 'ines',
    title: 'Bike repair day',
    description: 'Once in spring, a mechanic comes to the office car park and tunes our bikes.',
    status: 'new',
    days: 2,
  },
  {
    by: 'priya',
    title: 'Standing desks for everyone',
    description: 'Replace all desks with height-adjustable ones.',
    status: 'declined',
    reply: 'Not this year’s budget; anyone with a medical need gets one through HR right away.',
    days: 45,
  },
] as const;

const day = (daysAgo: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo));
};
const at = (daysAgo: number, hours: number) => new Date(day(daysAgo).getTime() + hours * 3_600_000);

export async function seedFeedback(tx: Tx, clientId: string): Promise<void> {
  const people = await tx
    .select({ id: users.id, login: users.login, first: users.firstName, last: users.lastName })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.deletionMark, false)));
  const byLogin = new Map(people.map((p) => [p.login, p]));
  const hr = byLogin.get('hannah') ?? byLogin.get('admin');
  if (!hr) return;
  const who = (login: string) => (byLogin.get(login) ?? hr).id;
  await tx.insert(feedbackRecipients).values([
    { clientId, kind: 'idea', userId: hr.id },
    { clientId, kind: 'report', userId: hr.id },
  ]);

  for (const idea of IDEAS) {
    const [row] = await tx
      .insert(feedbackItems)
      .values({
        clientId,
        kind: 'idea',
        authorId: who(idea.by),
        anonymous: false,
        title: idea.title,
        description: idea.description,
        status: idea.status,
        created: at(idea.days, 10),
      })
      .returning({ id: feedbackItems.id });
    if ('reply' in idea) {
      await tx.insert(feedbackMessages).values({
        clientId,
        itemId: row.id,
        position: 1,
        fromRecipient: true,
        authorId: hr.id,
        text: idea.reply,
        created: at(idea.days - 1, 15),
      });
    }
  }

  const signer = byLogin.get('lukas');
  const [signed] = await tx
    .insert(feedbackItems)
    .values({
      id: crypto.randomUUID(),
      clientId,
      kind: 'report',
      authorId: who('lukas'),
      anonymous: false,
      authorName: signer ? `${signer.first} ${signer.last}` : 'Lukas',
      description:
        'The fire exit on the third floor has been blocked by delivery boxes for a week. I moved some, more keep coming.',
      status: 'review',
      created: at(6, 11),
    })
    .returning({ id: feedbackItems.id });
  await tx.insert(feedbackMessages).values({
    clientId,
    itemId: signed.id,
    position: 1,
    fromRecipient: true,
    authorId: hr.id,
    text: 'Thank you for telling us. Facilities will clear it today and the deliveries go to the ground floor from now on.',
    created: at(5, 9),
  });
  const [anonymous] = await tx
    .insert(feedbackItems)
    .values({
      id: crypto.randomUUID(),
      clientId,
      kind: 'report',
      anonymous: true,
      description:
        'A team lead regularly shouts at people in the open space when a deadline slips. Several of us feel unsafe raising it openly.',
      status: 'new',
      created: day(3),
    })
    .returning({ id: feedbackItems.id });
  await tx.insert(feedbackMessages).values({
    clientId,
    itemId: anonymous.id,
    id: crypto.randomUUID(),
    position: 1,
    fromRecipient: true,
    authorId: hr.id,
    text: 'Thank you for trusting us with this. Could you tell us which floor, so we can talk to the people there?',
    created: at(2, 10),
  });
}
