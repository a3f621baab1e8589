import { messages } from '@hallway/shared/events.messages';
import { notifications } from '@hallway/shared/events.notifications';
import type { Module } from '../../platform/http/module.js';
import { seedEvents } from './demo.js';
import { sentRemindersCleanup } from './maintenance.js';
import { eventsModule } from './routes.js';
import * as tables from './tables.js';

/** The calendar (portal §2 /calendar/, §3 Event): events, periodic events, reminders, iCal. */
export const module: Module = {
  ...eventsModule,
  feature: { feature: 'calendar' },
  messages,
  notifications,
  rights: ['calendar', 'events_create'],
  tables,
  demo: seedEvents,
  maintenance: [sentRemindersCleanup],
};
