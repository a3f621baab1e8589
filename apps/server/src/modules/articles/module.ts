import { messages } from '@hallway/shared/articles.messages';
import { notifications } from '@hallway/shared/articles.notifications';
import type { Module } from '../../platform/http/module.js';
import { seedArticles } from './demo.js';
import { articlesModule } from './routes.js';
import * as tables from './tables.js';

export const module: Module = {
  ...articlesModule,
  feature: { feature: 'knowl_base' },
  messages,
  notifications,
  rights: ['knowl_base', 'kb_files', 'vacancies'],
  tables,
  demo: seedArticles,
};
