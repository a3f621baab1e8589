import type { Module } from '../../platform/http/module.js';
import * as tables from '../../platform/notify/tables.js';
import { delivery } from './delivery.js';
import { seedNotifications } from './demo.js';
import { registerRoutes } from './routes.js';

/**
 * The notification centre, its settings and the sending calls (modules §7 "Notifications and messages"); the
 * delivery itself is the platform's `notify()` (platform/notify), which every module calls.
 */
export const module: Module = {
  name: 'notifications',
  feature: { feature: 'notifications' },
  tables,
  routes: registerRoutes,
  provides: { notificationDispatch: delivery },
  demo: seedNotifications,
};
