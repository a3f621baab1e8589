import { messages } from '@hallway/shared/clients.messages';
import type { Module } from '../../platform/http/module.js';
import { clientsModule } from './routes.js';
import * as tables from './tables.js';

export const module: Module = {
  ...clientsModule,
  feature: { featureFree: true, reason: 'the workspace itself and its feature switches' },
  messages,
  // The LMS administrators' list (routes.ts) is read by everyone with the learning right.
  rights: ['lms'],
  tables,
};
