import { messages } from '@hallway/shared/links.messages';
import type { Module } from '../../platform/http/module.js';
import { seedLinks } from './demo.js';
import { linksModule } from './routes.js';
import * as tables from './tables.js';

export const module: Module = {
  ...linksModule,
  // Link blocks sit on the company page (no feature) and the knowledge base; the block's page decides.
  feature: { featureFree: true, reason: 'link blocks of the company page, which has no feature switch' },
  messages,
  tables,
  demo: seedLinks,
};
