import { messages } from '@hallway/shared/posts.messages';
import { notifications } from '@hallway/shared/posts.notifications';
import type { Module } from '../../platform/http/module.js';
import { seedWall } from './demo.js';
import { dropGroupWalls } from './groups.js';
import { postsModule } from './routes.js';
import * as tables from './tables.js';

export const module: Module = {
  ...postsModule,
  feature: { feature: 'wall' },
  messages,
  notifications,
  rights: ['wall'],
  tables,
  demo: seedWall,
  subscribes: { 'groups.deleted': { handle: (ctx, event) => dropGroupWalls(ctx, event.payload.ids) } },
};
