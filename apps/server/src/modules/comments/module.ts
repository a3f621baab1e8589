import { messages } from '@hallway/shared/comments.messages';
import type { Module } from '../../platform/http/module.js';
import { seedComments } from './demo.js';
import { commentsModule } from './routes.js';
import { reactToComment, threadOfSubject } from './service.js';
import * as tables from './tables.js';

export const module: Module = {
  ...commentsModule,
  // parents.ts checks the feature of the thread's parent (the wall for posts, later tasks, ideas, ...).
  feature: { featureFree: true, reason: "a thread is gated by its parent's feature (parents.ts)" },
  messages,
  tables,
  demo: seedComments,
  provides: { wallComments: { threadOfSubject, reactToComment } },
};
