// When a mailing runs: its five-field cron read in the workspace's time zone (cron-parser, the parser pg-boss uses).
import cronParser from 'cron-parser';
import { AppError } from '../../platform/errors/app-error.js';

const refuse = () => new AppError(400, 'cron_invalid', {}, { fields: { schedule: 'cron_invalid' } });

/**
 * The first moment of `schedule` after `after`, in `timeZone`. A schedule is refused when it does not parse, or when
 * its minute is not one fixed minute: a mailing goes at most once an hour, so nobody is mailed every minute.
 */
export function nextRun(schedule: string, timeZone: string, after: Date): Date {
  const minute = schedule.trim().split(/\s+/)[0];
  if (!/^\d{1,2}$/.test(minute) || Number(minute) > 59) throw refuse();
  try {
    return cronParser.parseExpression(schedule, { currentDate: after, tz: timeZone }).next().toDate();
  } catch {
    throw refuse();
  }
}
