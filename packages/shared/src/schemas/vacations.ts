// Vacations (portal §3 Vacation, §5 Vacation, §7 Users → Vacations); docs/api.md "Structure and vacations".
import { z } from 'zod';
import { VACATION_STATUSES } from '../enums.js';
import { TEXT_MAX, VACATION_COMMENT_MAX } from '../limits.js';
import { id, isoDate, requiredText, text } from './common.js';
import { personCard } from './posts.js';

export const vacationStatus = z.enum(VACATION_STATUSES, 'validation');

export const vacationDto = z.object({
  _id: z.string(),
  user: personCard,
  start: z.string(),
  end: z.string(),
  days: z.number().int(),
  status: vacationStatus,
  approver: personCard.nullable(),
  decided: z.string().nullable(),
  comment: z.string(),
  created: z.string(),
  can: z.object({ edit: z.boolean(), delete: z.boolean(), decide: z.boolean() }),
});
export type VacationDto = z.infer<typeof vacationDto>;

export const vacationCreate = z.object({
  start: isoDate,
  end: isoDate,
  comment: text(VACATION_COMMENT_MAX).optional(),
  user: id.optional(),
});
export const vacationUpdate = z.object({
  _id: id,
  start: isoDate,
  end: isoDate,
  comment: text(VACATION_COMMENT_MAX).optional(),
});
export const vacationDecision = z.object({
  status: z.enum(['approved', 'declined'], 'validation'),
  comment: text(VACATION_COMMENT_MAX).optional(),
});

export const vacationChartQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  dept: id.optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(0).default(0),
});
export const vacationChart = z.object({
  result: z.array(
    z.object({
      /** The administrative department (`_id` null: only the person's department text, outside the structure). */
      dept: z.object({ _id: z.string().nullable(), name: z.string() }).nullable(),
      people: z.array(z.object({ user: personCard, vacations: z.array(vacationDto) })),
    }),
  ),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  from: z.string(),
  to: z.string(),
});
export type VacationChart = z.infer<typeof vacationChart>;

export const vacationsAway = z.object({ result: z.array(z.object({ user_id: z.string(), end: z.string() })) });

export const personVacations = z.object({
  result: z.object({
    user: personCard,
    balance: z.number(),
    used: z.number(),
    left: z.number(),
    vacations: z.array(vacationDto),
  }),
  can: z.object({ create: z.boolean() }),
});

/** `GET api/user/vacations/requests`: requests waiting for the caller; `createForOthers`: `vacations_edit`. */
export const vacationRequestsPage = z.object({
  result: z.array(vacationDto),
  page: z.number(),
  pages: z.number(),
  total: z.number(),
  can: z.object({ createForOthers: z.boolean() }),
});
export type VacationRequestsPage = z.infer<typeof vacationRequestsPage>;

export const holiday = z.object({ date: isoDate, name: text(TEXT_MAX) });
export const holidaysQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });
export const holidaysUpdate = z.object({
  year: z.number().int().min(2000).max(2100),
  days: z.array(z.object({ date: isoDate, name: requiredText(TEXT_MAX) })).max(366),
});
export const holidaysDto = z.object({ result: z.array(holiday), can: z.object({ edit: z.boolean() }) });

/** `GET api/vacations/calendar`: approved vacations crossing [from, to] (YYYY-MM-DD, inclusive) for the calendar. */
export const vacationCalendarQuery = z.object({
  from: isoDate,
  to: isoDate,
  page: z.coerce.number().int().min(0).default(0),
});
export const vacationCalendarPage = z.object({
  result: z.array(z.object({ _id: z.string(), user: personCard, start: z.string(), end: z.string() })),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  from: z.string(),
  to: z.string(),
});
export type VacationCalendarPage = z.infer<typeof vacationCalendarPage>;
