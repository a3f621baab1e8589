import { messages } from '@hallway/shared/polls.messages';
import { notifications } from '@hallway/shared/polls.notifications';
import type { Module } from '../../platform/http/module.js';
import { seedPolls } from './demo.js';
import { pollsModule } from './routes.js';
import * as tables from './tables.js';

export const module: Module = {
  ...pollsModule,
  feature: { feature: 'polls' },
  messages,
  notifications,
  rights: ['polls'],
  tables,
  demo: seedPolls,
};
