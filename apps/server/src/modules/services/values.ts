// A request's form (and a step's own fields) checked on the server against the field definitions it was started
// with (docs/api.md "Services": the value of each type), each refusal with its code naming the field.
import { formatBytes, isUuid, POST_ATTACHMENT_LIMIT_BYTES, type StoredFile, yearInRange } from '@hallway/shared';
import {
  SERVICE_FILES_MAX,
  SERVICE_STRING_MAX,
  SERVICE_TEXT_MAX,
  SERVICE_USERS_MAX,
  type ServiceFieldDto,
} from '@hallway/shared/services';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { fileRefs } from '../files/index.js';
import { departmentsByIds } from '../structure/index.js';
import { users } from '../users/tables.js';
import { refuse } from './rules.js';

const PHONE = /^\+?[0-9 ()./-]{5,40}$/;
const email = z.email();

/** A valid `YYYY-MM-DD` day of the accepted years. */
function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || !yearInRange(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Nothing given: a missing key, null, an empty text or list, an unticked box. */
function isEmpty(field: ServiceFieldDto, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string' && !value.trim()) return true;
  if (Array.isArray(value) && !value.length) return true;
  return field.type === 'checkbox' && value === false;
}

/** Ids of a list field: uuids, at most `max`, each once. */
function idList(value: unknown, where: string, code: 'service_field_file' | 'service_field_person', max: number) {
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((v) => typeof v === 'string' && isUuid(v))) throw refuse(code, where);
  const ids = [...new Set((list as string[]).map((v) => v.toLowerCase()))];
  if (ids.length > max) throw refuse('service_field_too_many', where, { max });
  return ids;
}

/** Active people of the caller's workspace: all of `ids`, or a refusal naming the field. */
async function assertPeople(ctx: RequestContext, ids: string[], where: string) {
  const found = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clientId, ctx.tenant()), eq(users.deletionMark, false), inArray(users.id, ids)));
  if (found.length !== ids.length) throw refuse('service_field_person', where);
}

/** Files of the caller's workspace within the attachment limit, as the request keeps them (ids). */
export async function checkFiles(ctx: RequestContext, ids: string[], where: string): Promise<StoredFile[]> {
  try {
    return await fileRefs(ctx, ids, { maxSize: POST_ATTACHMENT_LIMIT_BYTES });
  } catch (err) {
    if (err instanceof AppError && err.status === 404) throw refuse('service_field_file', where);
    if (err instanceof AppError && err.status === 413) {
      throw refuse('service_field_file_too_big', where, { size: formatBytes(POST_ATTACHMENT_LIMIT_BYTES) });
    }
    throw err;
  }
}

/** One value of a field, as stored (texts trimmed, e-mails lower-cased, ids lower-cased). */
async function checkValue(ctx: RequestContext, field: ServiceFieldDto, value: unknown, where: string) {
  const text = (max: number) => {
    if (typeof value !== 'string') throw refuse('service_field_invalid', where);
    const trimmed = value.trim();
    if (trimmed.length > max) throw refuse('service_field_too_long', where, { max });
    return trimmed;
  };
  switch (field.type) {
    case 'string':
      return text(SERVICE_STRING_MAX);
    case 'text':
      return text(SERVICE_TEXT_MAX);
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw refuse('service_field_number', where);
      return value;
    case 'date':
      if (!isDay(value)) throw refuse('service_field_date', where);
      return value;
    case 'period': {
      const period = value as { from?: unknown; to?: unknown };
      if (typeof value !== 'object' || Array.isArray(value) || !isDay(period.from) || !isDay(period.to)) {
        throw refuse('service_field_period', where);
      }
      if (period.from > period.to) throw refuse('service_field_period', where);
      return { from: period.from, to: period.to };
    }
    case 'select':
      if (typeof value !== 'string' || !field.options.includes(value.trim())) {
        throw refuse('service_field_option', where);
      }
      return value.trim();
    case 'checkbox':
      if (typeof value !== 'boolean') throw refuse('service_field_invalid', where);
      return value;
    case 'phone': {
      const phone = text(40);
      if (!PHONE.test(phone) || phone.replace(/\D/g, '').length < 5) throw refuse('service_field_phone', where);
      return phone;
    }
    case 'email': {
      const address = text(254).toLowerCase();
      if (!email.safeParse(address).success) throw refuse('service_field_email', where);
      return address;
    }
    case 'file': {
      const ids = idList(value, where, 'service_field_file', SERVICE_FILES_MAX);
      await checkFiles(ctx, ids, where);
      return ids;
    }
    case 'user': {
      if (typeof value !== 'string' || !isUuid(value)) throw refuse('service_field_person', where);
      await assertPeople(ctx, [value.toLowerCase()], where);
      return value.toLowerCase();
    }
    case 'users': {
      const ids = idList(value, where, 'service_field_person', SERVICE_USERS_MAX);
      await assertPeople(ctx, ids, where);
      return ids;
    }
    case 'department': {
      if (typeof value !== 'string' || !isUuid(value)) throw refuse('service_field_department', where);
      const found = await departmentsByIds(ctx, [value.toLowerCase()]);
      if (!found.size) throw refuse('service_field_department', where);
      return value.toLowerCase();
    }
  }
}

/**
 * The values given for a form, by field key: no key the form lacks; each value of its field's type; every required
 * field filled when `required` (a decline leaves a step's fields optional). Answers the values to store (empty ones
 * left out). `at` names the body's place (`fields`).
 */
export async function checkValues(
  ctx: RequestContext,
  fields: ServiceFieldDto[],
  given: Record<string, unknown>,
  at: string,
  required = true,
): Promise<Record<string, unknown>> {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  for (const key of Object.keys(given)) if (!byKey.has(key)) throw refuse('service_field_unknown', `${at}.${key}`);
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const where = `${at}.${field.key}`;
    const value = given[field.key];
    if (isEmpty(field, value)) {
      if (required && field.required) throw refuse('service_field_required', where);
      continue;
    }
    values[field.key] = await checkValue(ctx, field, value, where);
  }
  return values;
}

/** Every file id the values of these fields name. */
export function fileIdsOf(fields: ServiceFieldDto[], values: Record<string, unknown>): string[] {
  return fields.flatMap((f) => (f.type === 'file' && Array.isArray(values[f.key]) ? (values[f.key] as string[]) : []));
}

/** Every person id the values name (user and users fields). */
export function peopleIdsOf(fields: ServiceFieldDto[], values: Record<string, unknown>): string[] {
  return fields.flatMap((f) => {
    const v = values[f.key];
    if (f.type === 'user' && typeof v === 'string') return [v];
    if (f.type === 'users' && Array.isArray(v)) return v as string[];
    return [];
  });
}

/** Every department id the values name. */
export function departmentIdsOf(fields: ServiceFieldDto[], values: Record<string, unknown>): string[] {
  return fields.flatMap((f) => {
    const v = values[f.key];
    return f.type === 'department' && typeof v === 'string' ? [v] : [];
  });
}

/** A value as one cell of the table and the export. */
export function valueText(
  field: ServiceFieldDto,
  value: unknown,
  names: { people: Map<string, string>; departments: Map<string, string>; files: Map<string, string> },
): string {
  if (value === undefined || value === null) return '';
  switch (field.type) {
    case 'checkbox':
      return value ? '✓' : '';
    case 'period': {
      const p = value as { from: string; to: string };
      return `${p.from} – ${p.to}`;
    }
    case 'user':
      return names.people.get(value as string) ?? '';
    case 'users':
      return (value as string[]).map((id) => names.people.get(id) ?? '').join('; ');
    case 'department':
      return names.departments.get(value as string) ?? '';
    case 'file':
      return (value as string[]).map((id) => names.files.get(id) ?? '').join('; ');
    default:
      return String(value);
  }
}
