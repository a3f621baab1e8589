import type { Module } from '../../platform/http/module.js';
import { filesModule } from './routes.js';

export const module: Module = {
  ...filesModule,
  // Its table (platform/files/tables.ts) belongs to the platform; every module's uploads go through it.
  feature: { featureFree: true, reason: 'uploads and downloads serve every module' },
};
