import type { Module } from '../platform/http/module.js';
import { analyticsModule } from './analytics/routes.js';
import { authModule } from './auth/routes.js';
import { clientsModule } from './clients/routes.js';
import { commentsModule } from './comments/routes.js';
import { filesModule } from './files/routes.js';
import { linksModule } from './links/routes.js';
import { postsModule } from './posts/routes.js';
import { usersModule } from './users/routes.js';

/** Every product module, in registration order. Adding a module is one line here. */
export const modules: Module[] = [
  authModule,
  clientsModule,
  usersModule,
  analyticsModule,
  filesModule,
  postsModule,
  commentsModule,
  linksModule,
];
