import { messages } from '@hallway/shared/structure.messages';
import { notifications } from '@hallway/shared/structure.notifications';
import type { Module } from '../../platform/http/module.js';
import { seedStructure } from './demo.js';
import { structureModule } from './routes.js';
import * as tables from './tables.js';

export const module: Module = {
  ...structureModule,
  feature: { feature: 'structure' },
  messages,
  notifications,
  rights: ['structures'],
  tables,
  demo: seedStructure,
};
