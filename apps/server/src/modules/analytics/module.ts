import type { Module } from '../../platform/http/module.js';
import { analyticsModule } from './routes.js';
import * as tables from './tables.js';

export const module: Module = {
  ...analyticsModule,
  // The feature switches the reports; visits are recorded regardless, so the numbers exist once it is on.
  feature: { featureFree: true, reason: 'recording visits; the analytics feature gates the reports' },
  tables,
};
