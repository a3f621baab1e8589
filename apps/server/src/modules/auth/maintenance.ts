import { sql } from 'drizzle-orm';
import { type CleanupTask, countDeleted, daysBefore } from '../../platform/jobs/maintenance.js';
import { passwordResets } from './tables.js';

/**
 * Reset links spent or expired over a day ago can never work again; the day's grace keeps the recent ones
 * for looking into a complaint about a link.
 */
export const passwordResetsCleanup: CleanupTask = {
  name: 'password_resets',
  run: (tx, now) =>
    countDeleted(
      tx,
      sql`DELETE FROM ${passwordResets} WHERE ${passwordResets.usedAt} < ${daysBefore(now, 1)} OR ${passwordResets.expiresAt} < ${daysBefore(now, 1)} RETURNING 1`,
    ),
};
