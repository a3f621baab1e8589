import { messages } from '@hallway/shared/notifications.messages';
import { notifications } from '@hallway/shared/notifications.notifications';
import type { Module } from '../../platform/http/module.js';
import { dispatcherOf } from './deliver.js';
import { seedNotifications } from './demo.js';
import { notificationSubscriptions } from './events.js';
import { registerRoutes } from './routes.js';
import * as tables from './tables.js';

/**
 * The notification centre, its settings and the sending calls (modules §7 "Notifications and messages"); the
 * call every module makes is the platform's `notify()` (platform/notify), which records a `notifications.requested`
 * event; this module stores it (events.ts) and delivers it (deliver.ts) with the dispatcher built for each platform.
 */
export const module: Module = {
  name: 'notifications',
  feature: { feature: 'notifications' },
  messages,
  notifications,
  tables,
  routes: registerRoutes,
  subscribes: notificationSubscriptions,
  provides: (platform) => ({ notificationDispatch: dispatcherOf(platform) }),
  demo: seedNotifications,
};
