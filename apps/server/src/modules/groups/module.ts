import { messages } from '@hallway/shared/groups.messages';
import { notifications } from '@hallway/shared/groups.notifications';
import type { Module } from '../../platform/http/module.js';
import { seedGroups } from './demo.js';
import { groupsModule } from './routes.js';
import { groupSocket } from './socket.js';
import * as tables from './tables.js';
import { groupWall } from './wall.js';

export const module: Module = {
  ...groupsModule,
  feature: { feature: 'groups' },
  messages,
  notifications,
  rights: ['groups'],
  tables,
  socket: groupSocket,
  demo: seedGroups,
  provides: { groupWall },
};
