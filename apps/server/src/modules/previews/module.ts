import type { Module } from '../../platform/http/module.js';
import { previewsModule } from './routes.js';

export const module: Module = {
  ...previewsModule,
  // A card of another module's page; that module's own read decides (its feature switch included).
  feature: { featureFree: true, reason: 'cards of other modules’ pages, read through their own access' },
};
