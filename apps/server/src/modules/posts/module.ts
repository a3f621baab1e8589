import type { Module } from '../../platform/http/module.js';
import { seedWall } from './demo.js';
import { postsModule } from './routes.js';
import * as tables from './tables.js';

export const module: Module = {
  ...postsModule,
  feature: { feature: 'wall' },
  rights: ['wall'],
  tables,
  demo: seedWall,
};
