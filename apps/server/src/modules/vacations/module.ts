import { messages } from '@hallway/shared/vacations.messages';
import { notifications } from '@hallway/shared/vacations.notifications';
import type { Module } from '../../platform/http/module.js';
import { seedVacations } from './demo.js';
import { vacationsModule } from './routes.js';
import * as tables from './tables.js';

export const module: Module = {
  ...vacationsModule,
  feature: { feature: 'vacations' },
  messages,
  notifications,
  rights: ['vacations', 'vacations_edit'],
  tables,
  demo: seedVacations,
};
