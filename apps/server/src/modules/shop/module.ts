import { messages } from '@hallway/shared/shop.messages';
import { notifications } from '@hallway/shared/shop.notifications';
import type { Module } from '../../platform/http/module.js';
import { seedShop } from './demo.js';
import { shopModule } from './routes.js';
import * as tables from './tables.js';

export const module: Module = {
  ...shopModule,
  feature: { feature: 'shop' },
  messages,
  notifications,
  rights: ['shop'],
  tables,
  demo: seedShop,
};
