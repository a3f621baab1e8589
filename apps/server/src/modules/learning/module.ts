import { messages } from '@hallway/shared/learning.messages';
import { notifications } from '@hallway/shared/learning.notifications';
import type { Module } from '../../platform/http/module.js';
import { seedLearning } from './demo.js';
import { learningModule } from './routes.js';
import * as tables from './tables.js';

export const module: Module = {
  ...learningModule,
  feature: { feature: 'lms' },
  messages,
  notifications,
  rights: ['lms'],
  tables,
  demo: seedLearning,
};
