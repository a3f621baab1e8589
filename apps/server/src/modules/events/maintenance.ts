import { sql } from 'drizzle-orm';
import { type CleanupTask, countDeleted, daysBefore } from '../../platform/jobs/maintenance.js';
import { eventRemindersSent } from './tables.js';

/**
 * A sent-reminder row only has to outlive the reminder's window (a few minutes past the occurrence); a week keeps
 * them for looking into "I got it twice" or "I never got it".
 */
export const sentRemindersCleanup: CleanupTask = {
  name: 'event_reminders_sent',
  run: (tx, now) =>
    countDeleted(
      tx,
      sql`DELETE FROM ${eventRemindersSent} WHERE ${eventRemindersSent.sent} < ${daysBefore(now, 7)} RETURNING 1`,
    ),
};
