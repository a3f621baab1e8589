import { v7 as uuid } from 'uuid';
import { z } from 'zod';
import { insertRows } from '../lib/db.mjs';
import { DEPARTMENTS } from './vocabulary.mjs';

const TYPES = ['administrative', 'organizational', 'functional', 'project'];
const TEAM_WORDS = ['North', 'South', 'East', 'West', 'Central', 'Core', 'Platform', 'Growth', 'Enterprise', 'Field'];

/**
 * The company structure (issue 15): four roots per workspace; the administrative tree has one department per
 * `peoplePerDepartment` people (10,000 people → 500 departments): divisions named after the people's departments
 * under the root, teams below them, some teams split once more. Everyone is a member of one department; its first
 * member heads it.
 */
export default {
  name: 'structure',
  after: ['users'],
  options: {
    peoplePerDepartment: z.coerce.number().int().min(1).max(10_000).default(20),
  },
  async run({ session, options, random, state }) {
    let departmentCount = 0;
    let memberCount = 0;
    for (const ws of state.workspaces) {
      const people = state.users.get(ws.id) ?? [];
      const departments = [];
      const roots = new Map();
      for (const type of TYPES) {
        const id = uuid();
        roots.set(type, id);
        departments.push({ id, type, parent: null, name: ws.name, sort: 0 });
      }
      const wanted = Math.max(1, Math.round(people.length / options.peoplePerDepartment));
      const divisions = DEPARTMENTS.slice(0, Math.min(DEPARTMENTS.length, wanted)).map(([name], sort) => {
        const d = { id: uuid(), type: 'administrative', parent: roots.get('administrative'), name, sort };
        departments.push(d);
        return d;
      });
      const leaves = [...divisions];
      while (departments.length - TYPES.length < wanted) {
        // Mostly teams of a division; a fifth are sub-teams of an earlier team (three levels deep).
        const parent =
          random.chance(0.2) && leaves.length > divisions.length ? random.pick(leaves) : random.pick(divisions);
        const d = {
          id: uuid(),
          type: 'administrative',
          parent: parent.id,
          name: `${random.pick(TEAM_WORDS)} ${parent.name} ${departments.length}`,
          sort: departments.length,
        };
        departments.push(d);
        leaves.push(d);
      }
      const admin = departments.filter((d) => d.type === 'administrative' && d.parent);
      const members = people.map((userId, i) => ({ userId, dept: admin[i % admin.length] }));
      const heads = new Map();
      for (const m of members) if (!heads.has(m.dept.id)) heads.set(m.dept.id, m.userId);
      await insertRows(
        session,
        'departments',
        ['id', 'client_id', 'type', 'parent_id', 'name', 'description', 'sort', 'head_id'],
        // Parents before children: the rows are in creation order.
        departments.map((d) => [d.id, ws.id, d.type, d.parent, d.name, '', d.sort, heads.get(d.id) ?? null]),
      );
      await insertRows(
        session,
        'dept_users',
        ['client_id', 'dept_id', 'user_id', 'type'],
        members.map((m) => [ws.id, m.dept.id, m.userId, 'administrative']),
      );
      departmentCount += departments.length;
      memberCount += members.length;
    }
    return { departments: departmentCount, dept_users: memberCount };
  },
};
