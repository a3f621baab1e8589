import { messages } from '@hallway/shared/users.messages';
import { notifications } from '@hallway/shared/users.notifications';
import type { Module } from '../../platform/http/module.js';
import { createEmployee } from './register.js';
import { usersModule } from './routes.js';
import { activeUserCounts } from './service.js';
import * as tables from './tables.js';

export const module: Module = {
  ...usersModule,
  feature: { featureFree: true, reason: 'people, profiles and their administration are the core of every workspace' },
  messages,
  notifications,
  rights: ['admin'],
  tables,
  provides: {
    workspacePeople: {
      activeUserCounts,
      createFirstAdmin: (tx, client, person) => createEmployee(tx, client, { ...person, roles: ['admin'] }),
    },
  },
};
