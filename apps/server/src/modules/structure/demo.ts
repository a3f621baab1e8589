import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { placePeople } from '../users/index.js';
import { users } from '../users/tables.js';
import { placementsSql } from './sync.js';
import { departments, deptUsers } from './tables.js';

/** The administrative tree: the management on top, every team below it (the demo people's own departments). */
const TEAMS = [
  'Product',
  'Engineering',
  'Sales',
  'Marketing',
  'People',
  'Finance',
  'Customer Support',
  'Administration',
];
/** Cross-team groups of the other trees: name, description, members by login. */
const OTHER_TREES = [
  {
    type: 'project',
    name: 'Mobile app relaunch',
    description: 'The new iOS and Android app, due in spring',
    people: ['sofia', 'elena', 'tom', 'yuki', 'anna'],
  },
  {
    type: 'project',
    name: 'Customer portal',
    description: 'Self-service for invoices and tickets',
    people: ['priya', 'omar'],
  },
  {
    type: 'functional',
    name: 'Architecture guild',
    description: 'Technical decisions across teams',
    people: ['lukas', 'priya', 'omar'],
  },
  { type: 'organizational', name: 'Berlin office', description: 'Torstraße 101', people: ['admin', 'daniel', 'lukas'] },
] as const;

/**
 * The demo workspace's structure, built from its people: each team is a department under "Management", headed by
 * the member who is chief of most of the others; people's department and chief then follow the tree.
 */
export async function seedStructure(tx: Tx, clientId: string): Promise<void> {
  const people = await tx
    .select({ id: users.id, login: users.login, department: users.department, chief: users.chief })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.deletionMark, false)));
  const byLogin = new Map(people.map((p) => [p.login, p.id]));
  const insert = async (values: typeof departments.$inferInsert) =>
    (await tx.insert(departments).values(values).returning({ id: departments.id }))[0].id;
  const roots = new Map<string, string>();
  for (const type of ['administrative', 'organizational', 'functional', 'project'] as const) {
    roots.set(type, await insert({ clientId, type, name: 'Northwind Labs' }));
  }
  const place = async (deptId: string, type: string, ids: string[]) => {
    if (!ids.length) return;
    await tx
      .insert(deptUsers)
      .values(ids.map((userId) => ({ clientId, deptId, userId, type: type as 'administrative' })))
      .onConflictDoNothing();
  };
  const headOf = (ids: string[]) => {
    const votes = new Map<string, number>();
    for (const p of people)
      if (ids.includes(p.id) && p.chief && ids.includes(p.chief)) votes.set(p.chief, (votes.get(p.chief) ?? 0) + 1);
    return [...votes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  };
  const management = people.filter((p) => p.department === 'Management').map((p) => p.id);
  const top = await insert({
    clientId,
    type: 'administrative',
    parentId: roots.get('administrative'),
    name: 'Management',
    description: 'The executive team',
    headId: management[0] ?? null,
  });
  await place(top, 'administrative', management);
  for (const [sort, team] of TEAMS.entries()) {
    const ids = people.filter((p) => p.department === team).map((p) => p.id);
    if (!ids.length) continue;
    const id = await insert({
      clientId,
      type: 'administrative',
      parentId: top,
      name: team,
      sort,
      headId: headOf(ids) ?? ids[0],
    });
    await place(id, 'administrative', ids);
  }
  for (const group of OTHER_TREES) {
    const ids = group.people.flatMap((login) => byLogin.get(login) ?? []);
    const id = await insert({
      clientId,
      type: group.type,
      parentId: roots.get(group.type),
      name: group.name,
      description: group.description,
      headId: ids[0] ?? null,
    });
    await place(id, group.type, ids);
  }
  await placePeople(tx, clientId, placementsSql(clientId), 'system');
}
