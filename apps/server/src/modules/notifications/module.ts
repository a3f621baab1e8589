import type { Module } from '../../platform/http/module.js';
import { dispatcherOf } from './deliver.js';
import { seedNotifications } from './demo.js';
import { registerRoutes } from './routes.js';
import * as tables from './tables.js';

/**
 * The notification centre, its settings and the sending calls (modules §7 "Notifications and messages"); the
 * call every module makes is the platform's `notify()` (platform/notify), which writes an event; this module
 * delivers it (deliver.ts) with the dispatcher built for each platform.
 */
export const module: Module = {
  name: 'notifications',
  feature: { feature: 'notifications' },
  tables,
  routes: registerRoutes,
  provides: (platform) => ({ notificationDispatch: dispatcherOf(platform) }),
  demo: seedNotifications,
};
