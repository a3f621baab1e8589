import { DEFAULT_RIGHTS, FEATURES } from '@hallway/shared';
import { v7 as uuid } from 'uuid';
import { z } from 'zod';
import { insertRows } from '../lib/db.mjs';
import { CITIES, COMPANY_KINDS, COMPANY_WORDS } from './vocabulary.mjs';

/** Workspace codes are `bench001`, `bench002`, …: alphanumeric as the API requires, and easy to spot in a database. */
export const workspaceCode = (index) => `bench${String(index + 1).padStart(3, '0')}`;

/** Workspaces (clients rows) with every feature on, as `createClient` makes them. */
export default {
  name: 'clients',
  options: { workspaces: z.coerce.number().int().min(1).max(10_000).default(10) },
  async run({ session, options, random, state }) {
    const features = JSON.stringify(FEATURES.map((code) => ({ code, active: true })));
    const settings = JSON.stringify({ defaultRights: DEFAULT_RIGHTS });
    state.workspaces = [];
    const rows = [];
    for (let index = 0; index < options.workspaces; index++) {
      const name = `${random.pick(COMPANY_WORDS)} ${random.pick(COMPANY_KINDS)}`;
      const city = random.pick(CITIES);
      const workspace = { id: uuid(), workspace: workspaceCode(index), name, city, index };
      state.workspaces.push(workspace);
      rows.push([
        workspace.id,
        workspace.workspace,
        name,
        `${name} Ltd.`,
        'active',
        city,
        `+1 555 ${random.digits(7)}`,
        `${random.int(1, 250)} Main Street, ${city}`,
        features,
        settings,
        'en',
      ]);
    }
    await insertRows(
      session,
      'clients',
      ['id', 'workspace', 'name', 'full_name', 'status', 'city', 'phone', 'address', 'features', 'settings', 'lang'],
      rows,
      { casts: { features: 'jsonb', settings: 'jsonb' } },
    );
    return { clients: rows.length };
  },
};
