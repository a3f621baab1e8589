import type { Module } from '../../platform/http/module.js';
import { seedEvents } from './demo.js';
import { eventsModule } from './routes.js';
import * as tables from './tables.js';

/** The calendar (portal §2 /calendar/, §3 Event): events, periodic events, reminders, iCal. */
export const module: Module = {
  ...eventsModule,
  feature: { feature: 'calendar' },
  rights: ['calendar', 'events_create'],
  messages: [
    'event_not_found',
    'event_name_short',
    'event_date_past',
    'event_time_past',
    'event_end_invalid',
    'event_too_long',
    'event_members_required',
    'member_unknown',
    'repeat_end_required',
    'repeat_count_min',
    'repeat_until_invalid',
    'repeat_too_many',
    'event_is_periodic',
    'event_not_periodic',
    'occurrence_not_found',
    'event_not_member',
    'event_range_invalid',
    'time_zone_invalid',
  ],
  tables,
  demo: seedEvents,
};
