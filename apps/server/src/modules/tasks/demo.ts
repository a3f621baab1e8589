import { randomUUID } from 'node:crypto';
import type { TaskPriority } from '@hallway/shared/tasks';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { users } from '../users/tables.js';
import { RANK_GAP } from './desks.js';
import { type DeskRole, taskDeskPeople, taskDesks, taskHistory, taskLanes, tasks } from './tables.js';

const DAY = 24 * 60 * 60 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

interface DemoCard {
  name: string;
  lane: number;
  performer?: number;
  priority?: TaskPriority;
  due?: number;
  tags?: string[];
  checklist?: [string, boolean][];
  color?: string;
  description?: string;
}

interface DemoDesk {
  name: string;
  description: string;
  type: 'active' | 'open';
  background: string;
  lanes: [string, boolean][];
  cards: DemoCard[];
}

const DESKS: DemoDesk[] = [
  {
    name: 'Website relaunch',
    description: 'The new company site: content, design and the move to the new hosting before the spring fair.',
    type: 'active',
    background: '#e7f5ff',
    lanes: [
      ['To do', false],
      ['In progress', false],
      ['Review', false],
      ['Done', true],
    ],
    cards: [
      {
        name: 'Write the new “About us” page',
        lane: 0,
        performer: 2,
        due: 6,
        tags: ['content'],
        description: 'Two paragraphs about the company, the team photo and the three numbers from the annual report.',
      },
      { name: 'Collect customer quotes for the home page', lane: 0, performer: 3, tags: ['content'], priority: 'low' },
      { name: 'Cookie banner that meets the new rules', lane: 0, priority: 'high', due: 1, tags: ['legal'] },
      {
        name: 'New colour scheme and typography',
        lane: 1,
        performer: 1,
        priority: 'high',
        due: 3,
        tags: ['design'],
        color: '#fff3bf',
        checklist: [
          ['Palette agreed with marketing', true],
          ['Fonts licensed', true],
          ['Dark theme variant', false],
        ],
      },
      { name: 'Move the blog posts from the old site', lane: 1, performer: 2, due: -1, tags: ['content', 'migration'] },
      {
        name: 'Contact form sends to the CRM',
        lane: 2,
        performer: 4,
        tags: ['dev'],
        checklist: [
          ['Spam protection', true],
          ['Test lead arrives in the CRM', true],
        ],
      },
      { name: 'Domain and certificates renewed', lane: 3, performer: 4, tags: ['ops'] },
      { name: 'Site map agreed', lane: 3, performer: 1, tags: ['design'] },
    ],
  },
  {
    name: 'Office move',
    description: 'Everything for the move to the new floor in May. Everyone can follow along here.',
    type: 'open',
    background: '#ebfbee',
    lanes: [
      ['To do', false],
      ['In progress', false],
      ['Done', true],
    ],
    cards: [
      { name: 'Order the moving company', lane: 1, performer: 0, priority: 'critical', due: 2 },
      { name: 'Seating plan for the new floor', lane: 0, performer: 5, due: 10, tags: ['people'] },
      { name: 'Boxes and labels for every team', lane: 0, performer: 3, priority: 'low' },
      { name: 'Network and Wi-Fi on the new floor', lane: 1, performer: 4, priority: 'high', tags: ['ops'] },
      { name: 'Sign the lease addendum', lane: 2, performer: 0, tags: ['legal'] },
    ],
  },
];

/**
 * Two desks of the demo workspace, everyone of it a member: a team's website relaunch and the office move (an open
 * desk); the first six people own, administer and perform the cards.
 */
export async function seedTasks(tx: Tx, clientId: string): Promise<void> {
  const people = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.deletionMark, false)))
    .orderBy(asc(users.created));
  if (people.length < 2) return;
  const team = people.slice(0, 6);
  const person = (i: number | undefined) => (i === undefined ? null : team[i % team.length].id);
  for (const [d, demo] of DESKS.entries()) {
    const owner = team[d % team.length].id;
    const [desk] = await tx
      .insert(taskDesks)
      .values({
        clientId,
        name: demo.name,
        description: demo.description,
        type: demo.type,
        background: demo.background,
        ownerId: owner,
      })
      .returning();
    const roles = new Map<string, DeskRole>(people.map((p) => [p.id, 'member']));
    roles.set(team[(d + 1) % team.length].id, 'admin');
    roles.set(owner, 'owner');
    await tx
      .insert(taskDeskPeople)
      .values([...roles].map(([userId, role]) => ({ clientId, deskId: desk.id, userId, role })));
    const lanes = await tx
      .insert(taskLanes)
      .values(demo.lanes.map(([name, done], position) => ({ clientId, deskId: desk.id, name, done, position })))
      .returning();
    lanes.sort((a, b) => a.position - b.position);
    const ranks = new Map<number, number>();
    for (const card of demo.cards) {
      const lane = lanes[card.lane];
      const rank = (ranks.get(card.lane) ?? 0) + RANK_GAP;
      ranks.set(card.lane, rank);
      const [row] = await tx
        .insert(tasks)
        .values({
          clientId,
          deskId: desk.id,
          laneId: lane.id,
          rank,
          name: card.name,
          description: card.description ?? '',
          status: lane.done ? 'done' : 'open',
          finishedAt: lane.done ? new Date(Date.now() - 2 * DAY).toISOString() : null,
          performerId: person(card.performer),
          authorId: owner,
          observers: [owner],
          planDate: card.due === undefined ? null : day(card.due),
          priority: card.priority ?? 'normal',
          tags: card.tags ?? [],
          color: card.color ?? null,
          checklist: (card.checklist ?? []).map(([text, done]) => ({ _id: randomUUID(), text, done })),
        })
        .returning();
      await tx.insert(taskHistory).values({ clientId, taskId: row.id, actorId: owner, action: 'created', changes: {} });
    }
  }
}
