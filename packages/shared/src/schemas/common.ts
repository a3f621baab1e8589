import { z } from 'zod';
import { DATE_YEAR_MAX, DATE_YEAR_MIN, LONG_TEXT_MAX, SHORT_NAME_MAX, TEXT_MAX } from '../limits.js';

/** Ids are UUID strings (v7 from the server). Messages are catalogue codes the web translates. */
export const id = z.uuid('not_found');
export const idParam = z.object({ id });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether a text can be an id (a route's `:_id`, a query's `?copy=`) before anything is asked of the server. */
export const isUuid = (value: string) => UUID.test(value);
/** Whether an ISO date or date-time (`YYYY-…`) falls in the years the server accepts (DATE_YEAR_MIN..MAX). */
export const yearInRange = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX;
};
type IsoError = string | ((issue: { input?: unknown }) => string);
/** A `YYYY-MM-DD` date of the accepted years; a far one is refused with `date_out_of_range`. */
export const boundedDate = (error: IsoError = 'validation') =>
  z.iso.date({ error }).refine(yearInRange, 'date_out_of_range');
/** An ISO date-time with its offset, of the accepted years; a far one is refused with `date_out_of_range`. */
export const isoDateTime = (error: IsoError = 'validation') =>
  z.iso.datetime({ offset: true, error }).refine(yearInRange, 'date_out_of_range');
export const isoDate = boundedDate();
export const text = (max = TEXT_MAX) => z.string().trim().max(max, 'too_long');
export const requiredText = (max = TEXT_MAX) => z.string().trim().min(1, 'required').max(max, 'too_long');
export const longText = text(LONG_TEXT_MAX);
/** Person names: letters of any script, spaces, hyphens, apostrophes. */
export const personName = z
  .string()
  .trim()
  .min(1, 'required')
  .max(SHORT_NAME_MAX, 'too_long')
  .regex(/^[\p{L}\p{M}' .-]+$/u, 'invalid_symbols');
export const optionalPersonName = z.union([z.literal(''), personName]).optional();
export const email = z.string().trim().toLowerCase().pipe(z.email('email_invalid'));
export const url = z.url('validation');

export const resultOf = <T extends z.ZodType>(schema: T) => z.object({ result: schema });
export const okResult = z.object({ result: z.boolean() });

/** An uploaded picture as the spec names it: `{ src, mini }`. */
export const pic = z.object({ src: z.string().max(1000), mini: z.string().max(1000).optional() });
/** An uploaded file reference kept on an object. */
export const fileRef = z.object({
  _id: z.string().max(100),
  filename: z.string().max(TEXT_MAX),
  filetype: z.string().max(TEXT_MAX).optional(),
  path: z.string().max(1000),
  size: z.number().int().nonnegative().optional(),
});
export type FileRef = z.infer<typeof fileRef>;

export const errorBody = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  reason: z.string().optional(),
  no_show: z.boolean().optional(),
});

/** Whether the runtime knows an IANA time zone (`Europe/Kyiv`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeZone = z.string().trim().refine(isTimeZone, 'time_zone_invalid');
