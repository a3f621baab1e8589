import { messages } from '@hallway/shared/feedback.messages';
import { notifications } from '@hallway/shared/feedback.notifications';
import type { Module } from '../../platform/http/module.js';
import { seedFeedback } from './demo.js';
import { feedbackModule } from './routes.js';
import * as tables from './tables.js';

export const module: Module = {
  ...feedbackModule,
  // The ideas' routes; the reports' name their own feature, `no_silent`.
  feature: { feature: 'ideas' },
  messages,
  notifications,
  rights: ['ideas', 'no_silent'],
  tables,
  demo: seedFeedback,
};
