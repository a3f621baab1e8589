import type { GroupRole, GroupType, Reaction } from '@hallway/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { newId } from '../../platform/db/ids.js';
import { recountGroupWalls, seedGroupWall } from '../posts/index.js';
import { users } from '../users/tables.js';
import { groupMembers, groupRequests, groups, projectParticipants, projects } from './tables.js';

interface DemoGroup {
  name: string;
  description: string;
  type: GroupType;
  owner: string;
  admins?: string[];
  members: string[];
  requests?: string[];
  posts: { by: string; hoursAgo: number; text: string; reactions?: Record<string, Reaction> }[];
}

const GROUPS: DemoGroup[] = [
  {
    name: 'Running club',
    description: 'Lunchtime runs on Tuesdays and Thursdays, 5 km along the river. All paces welcome.',
    type: 'public',
    owner: 'lukas',
    admins: ['priya'],
    members: ['anna', 'tom', 'sofia', 'felix', 'hannah', 'noah'],
    posts: [
      {
        by: 'lukas',
        hoursAgo: 3,
        text: 'Thursday run moves to 12:30 because of the all-hands. Meeting point as usual: the bike racks.',
        reactions: { anna: 'like', tom: 'like', priya: 'celebrate' },
      },
      {
        by: 'priya',
        hoursAgo: 30,
        text: 'The city half marathon opens registration next week. Who is in? We could run it as a team in company shirts.',
        reactions: { lukas: 'love', felix: 'like', hannah: 'like', noah: 'celebrate' },
      },
    ],
  },
  {
    name: 'Frontend guild',
    description: 'Design system, React patterns, accessibility and performance. Show-and-tell every other Friday.',
    type: 'closed',
    owner: 'tom',
    admins: ['sofia'],
    members: ['yuki', 'jonas', 'chloe', 'mateo'],
    requests: ['ava'],
    posts: [
      {
        by: 'sofia',
        hoursAgo: 6,
        text: 'New Button and Menu components are in the design system. Please migrate off the old ones before the release branch is cut.',
        reactions: { tom: 'like', yuki: 'like', chloe: 'like' },
      },
      {
        by: 'yuki',
        hoursAgo: 50,
        text: 'Friday show-and-tell: I will demo how we cut the bundle by 30% with lazy routes. Bring questions!',
        reactions: { jonas: 'celebrate', mateo: 'like' },
      },
    ],
  },
  {
    name: 'Leadership circle',
    description: 'Private space for team leads: hiring plans, budgets and people topics before they go public.',
    type: 'private',
    owner: 'daniel',
    admins: ['admin'],
    members: ['anna', 'omar', 'elena'],
    posts: [
      {
        by: 'daniel',
        hoursAgo: 20,
        text: 'Draft of the next quarter hiring plan is in the shared folder. Comments by Wednesday, please.',
        reactions: { anna: 'like', elena: 'like' },
      },
    ],
  },
  {
    name: 'Book club',
    description: 'One book a month, discussed over coffee on the last Friday. Suggestions always welcome.',
    type: 'public',
    owner: 'hannah',
    members: ['lea', 'amir', 'ines', 'chloe'],
    posts: [
      {
        by: 'hannah',
        hoursAgo: 72,
        text: 'This month we read "The Mythical Man-Month". Copies are on the shelf by the kitchen.',
        reactions: { lea: 'love', amir: 'like' },
      },
    ],
  },
];

/** Groups of the demo workspace with members, a pending request, posts and reactions; one project with its wall. */
export async function seedGroups(tx: Tx, clientId: string): Promise<void> {
  const people = await tx.select({ id: users.id, login: users.login }).from(users).where(eq(users.clientId, clientId));
  const byLogin = new Map(people.map((p) => [p.login, p.id]));
  const id = (login: string) => byLogin.get(login);
  const now = Date.now();
  const ago = (hours: number) => new Date(now - hours * 3_600_000);

  const insertGroup = async (demo: DemoGroup, kind: 'group' | 'project') => {
    const groupId = newId();
    const roles = new Map<string, GroupRole>();
    for (const login of demo.members) roles.set(login, 'member');
    for (const login of demo.admins ?? []) roles.set(login, 'admin');
    roles.set(demo.owner, 'owner');
    const members = [...roles].filter(([login]) => id(login));
    await tx.insert(groups).values({
      id: groupId,
      clientId,
      kind,
      name: demo.name,
      description: demo.description,
      type: demo.type,
      ownerId: id(demo.owner)!,
      membersCount: members.length,
      created: ago(24 * 40),
    });
    await tx
      .insert(groupMembers)
      .values(
        members.map(([login, role], i) => ({ clientId, groupId, userId: id(login)!, role, created: ago(24 * 40 - i) })),
      );
    for (const login of demo.requests ?? []) {
      if (id(login)) await tx.insert(groupRequests).values({ clientId, groupId, userId: id(login)!, created: ago(2) });
    }
    await seedGroupWall(
      tx,
      clientId,
      groupId,
      demo.posts.map((post) => {
        const created = ago(post.hoursAgo);
        const reactions = Object.entries(post.reactions ?? {}).filter(([login]) => id(login));
        return {
          authorId: id(post.by)!,
          text: post.text,
          created,
          reactions: reactions.map(([login, reaction], i) => ({
            userId: id(login)!,
            reaction,
            created: new Date(created.getTime() + (i + 1) * 60_000),
          })),
        };
      }),
    );
    return groupId;
  };

  for (const demo of GROUPS) await insertGroup(demo, 'group');

  const wallId = await insertGroup(
    {
      name: 'Mobile app 2.0',
      description: 'Rebuilding the mobile app: offline mode, push notifications and the new onboarding.',
      type: 'public',
      owner: 'anna',
      admins: ['tom'],
      members: ['yuki', 'mateo'],
      posts: [
        {
          by: 'anna',
          hoursAgo: 8,
          text: 'Kick-off notes: beta in six weeks, offline mode first. Tom leads the sync engine, Yuki the new screens.',
          reactions: { tom: 'like', yuki: 'celebrate' },
        },
      ],
    },
    'project',
  );
  const projectId = newId();
  await tx.insert(projects).values({
    id: projectId,
    clientId,
    name: 'Mobile app 2.0',
    description: 'Rebuilding the mobile app: offline mode, push notifications and the new onboarding.',
    status: 'active',
    start: new Date(now - 20 * 86_400_000).toISOString().slice(0, 10),
    end: new Date(now + 60 * 86_400_000).toISOString().slice(0, 10),
    creatorId: id('anna')!,
    wallId,
    created: ago(24 * 20),
  });
  const participants: [string, 'lead' | 'member' | 'observer'][] = [
    ['anna', 'lead'],
    ['tom', 'lead'],
    ['yuki', 'member'],
    ['mateo', 'member'],
    ['daniel', 'observer'],
  ];
  await tx
    .insert(projectParticipants)
    .values(
      participants.filter(([l]) => id(l)).map(([login, role]) => ({ clientId, projectId, userId: id(login)!, role })),
    );

  await recountGroupWalls(tx, clientId);
}
