import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { users } from '../users/tables.js';
import { addDays, daysOf, isWeekend, today } from './calendar.js';
import { vacationHolidays, vacations } from './tables.js';

/** Planned absences of the demo people, in days from today: someone is away now, others soon. */
const PLAN = [
  { login: 'tom', from: -3, length: 10, status: 'approved' },
  { login: 'priya', from: 9, length: 12, status: 'approved' },
  { login: 'elena', from: 12, length: 5, status: 'approved' },
  { login: 'anna', from: 20, length: 14, status: 'requested' },
  { login: 'mateo', from: 6, length: 4, status: 'requested' },
  { login: 'lea', from: 30, length: 9, status: 'approved' },
  { login: 'jonas', from: 45, length: 14, status: 'approved' },
  { login: 'omar', from: 16, length: 3, status: 'declined' },
] as const;

const working = (start: string, end: string, holidays: Set<string>) =>
  daysOf(start, end, 31).filter((d) => !isWeekend(d) && !holidays.has(d)).length;

/** The demo workspace's holidays of this year and next, and a few vacations around today. */
export async function seedVacations(tx: Tx, clientId: string): Promise<void> {
  const year = Number(today().slice(0, 4));
  const days = [year, year + 1].flatMap((y) => [
    { clientId, day: `${y}-01-01`, name: "New Year's Day" },
    { clientId, day: `${y}-05-01`, name: 'Labour Day' },
    { clientId, day: `${y}-10-03`, name: 'German Unity Day' },
    { clientId, day: `${y}-12-25`, name: 'Christmas Day' },
    { clientId, day: `${y}-12-26`, name: 'Second Day of Christmas' },
  ]);
  await tx.insert(vacationHolidays).values(days);
  const holidays = new Set(days.map((d) => d.day));
  const people = await tx
    .select({ id: users.id, login: users.login, chief: users.chief })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.deletionMark, false)));
  const byLogin = new Map(people.map((p) => [p.login, p]));
  const now = today();
  for (const plan of PLAN) {
    const person = byLogin.get(plan.login);
    if (!person) continue;
    const start = addDays(now, plan.from);
    const end = addDays(start, plan.length - 1);
    const decided = plan.status !== 'requested';
    await tx.insert(vacations).values({
      clientId,
      userId: person.id,
      start,
      end,
      days: working(start, end, holidays),
      status: plan.status,
      approverId: decided ? person.chief : null,
      decided: decided ? new Date() : null,
      comment: plan.status === 'declined' ? 'The release week: could you move it by a week?' : '',
    });
  }
}
