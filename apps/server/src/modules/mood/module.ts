import { messages } from '@hallway/shared/mood.messages';
import type { Module } from '../../platform/http/module.js';
import { seedMood } from './demo.js';
import { moodModule } from './routes.js';
import * as tables from './tables.js';

export const module: Module = {
  ...moodModule,
  feature: { feature: 'mood' },
  messages,
  tables,
  demo: seedMood,
};
