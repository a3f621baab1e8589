import { DEFAULT_RIGHTS } from '@hallway/shared';
import { v7 as uuid } from 'uuid';
import { z } from 'zod';
import { insertRows } from '../lib/db.mjs';
import { ABOUT, CITIES, DEPARTMENTS, FEMALE_NAMES, LAST_NAMES, MALE_NAMES } from './vocabulary.mjs';

const COLUMNS = [
  'id',
  'client_id',
  'login',
  'email',
  'password_hash',
  'roles',
  'rights',
  'lang',
  'first_name',
  'last_name',
  'birth_date',
  'phone',
  'internal_phone',
  'organization',
  'position',
  'cabinet',
  'chief',
  'department',
  'working_since',
  'gender',
  'vacation_days',
  'city',
  'about',
  'created',
];

/** How many people of each workspace the manifest remembers for scenarios (sign-in, lookups). */
const SAMPLE_PER_WORKSPACE = 20;

/**
 * Employees of every workspace: the first is its administrator, the second its HR manager; each department's first
 * member heads it and is everyone else's chief there. All share one password hash (hashing 100,000 times would take
 * an hour). Workspace #1 may be larger (`largeWorkspace`) for the address-book scenarios.
 */
export default {
  name: 'users',
  after: ['clients'],
  options: {
    /** People per workspace. */
    users: z.coerce.number().int().min(1).max(1_000_000).default(1000),
    /** People in workspace #1 instead of `users`; 0 keeps it like the others. */
    largeWorkspace: z.coerce.number().int().min(0).max(1_000_000).default(0),
  },
  async run({ session, options, random, state }) {
    const rights = JSON.stringify(DEFAULT_RIGHTS);
    const adminRights = JSON.stringify({ ...DEFAULT_RIGHTS, admin: true });
    const now = Date.now();
    state.users = new Map();
    state.sample = [];
    let total = 0;
    for (const ws of state.workspaces) {
      const size = ws.index === 0 && options.largeWorkspace ? options.largeWorkspace : options.users;
      const heads = new Map();
      // Past the administrator and the HR manager when there are others: scenarios want ordinary employees.
      const sampleFrom = size > 2 ? 2 : 0;
      const ids = [];
      const rows = [];
      for (let i = 0; i < size; i++) {
        const woman = random.chance(0.5);
        const first = random.pick(woman ? FEMALE_NAMES : MALE_NAMES);
        const last = random.pick(LAST_NAMES);
        const [department, positions] = random.pick(DEPARTMENTS);
        const head = heads.get(department);
        const id = uuid();
        if (!head) heads.set(department, id);
        const login = `${first}.${last}.${i + 1}@${ws.workspace}.example`.toLowerCase();
        const roles = i === 0 ? ['admin'] : i === 1 ? ['hr'] : [];
        ids.push(id);
        rows.push([
          id,
          ws.id,
          login,
          login,
          state.passwordHash,
          roles,
          i === 0 ? adminRights : rights,
          'en',
          first,
          last,
          random.day('1960-01-01', '2004-12-31'),
          `+1 555 ${random.digits(7)}`,
          random.digits(4),
          ws.name,
          head ? random.pick(positions.slice(1)) : positions[0],
          `${random.int(1, 12)}${random.digits(2)}`,
          head ?? null,
          department,
          random.day('2010-01-01', '2025-06-30'),
          woman ? 'woman' : 'man',
          random.int(0, 56) / 2,
          random.chance(0.7) ? ws.city : random.pick(CITIES),
          random.pick(ABOUT),
          new Date(now - random.int(0, 3 * 365 * 86_400) * 1000).toISOString(),
        ]);
        if (i >= sampleFrom && i < sampleFrom + SAMPLE_PER_WORKSPACE) {
          state.sample.push({ id, login, clientId: ws.id, workspace: ws.workspace, department });
        }
      }
      await insertRows(session, 'users', COLUMNS, rows, { casts: { rights: 'jsonb', roles: 'text[]' } });
      state.users.set(ws.id, ids);
      ws.users = size;
      total += size;
    }
    return { users: total };
  },
};
