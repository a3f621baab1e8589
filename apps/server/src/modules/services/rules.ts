// Modules §5 "Service" (docs/api.md "Services"): a service's form and steps checked with their own codes, before
// anything is written.
import { randomBytes } from 'node:crypto';
import type { MessageCode } from '@hallway/shared';
import {
  SERVICE_FIELD_NAME_MAX,
  SERVICE_FIELDS_MAX,
  SERVICE_OPTIONS_MAX,
  SERVICE_PERFORMERS_MAX,
  SERVICE_STEP_NAME_MAX,
  SERVICE_STEPS_MAX,
  type ServiceFieldDto,
  type ServiceFieldInput,
  type ServiceType,
} from '@hallway/shared/services';
import { and, eq, inArray } from 'drizzle-orm';
import { newId } from '../../platform/db/ids.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { departmentsByIds } from '../structure/index.js';
import { users } from '../users/tables.js';
import type { StoredPerformer, StoredStep } from './tables.js';

/** 400 with the code, naming the field. */
export const refuse = (code: MessageCode, field: string, params: Record<string, string | number> = {}) =>
  new AppError(400, code, params, { fields: { [field]: code } });

const newKey = () => randomBytes(6).toString('base64url');

/** §5: a name, a description and a group. */
export function checkBasics(body: { name: string; description: string; group?: string | null }) {
  if (!body.name.trim()) throw refuse('service_name_required', 'name');
  if (!body.description.trim()) throw refuse('service_description_required', 'description');
  if (!body.group) throw refuse('service_group_required', 'group');
}

/**
 * §5, §9: at most 10 fields, each named (at most 50 characters); keys given where missing and never repeated; a
 * select field offers 1 to SERVICE_OPTIONS_MAX distinct options.
 */
export function checkFields(fields: ServiceFieldInput[], at: string): ServiceFieldDto[] {
  if (fields.length > SERVICE_FIELDS_MAX) throw refuse('service_too_many_fields', at, { max: SERVICE_FIELDS_MAX });
  const keys = new Set<string>();
  return fields.map((f, i) => {
    const here = `${at}.${i}`;
    const name = f.name.trim();
    if (!name) throw refuse('service_field_name_required', `${here}.name`);
    if (name.length > SERVICE_FIELD_NAME_MAX) {
      throw refuse('service_field_name_too_long', `${here}.name`, { max: SERVICE_FIELD_NAME_MAX });
    }
    const key = f.key ?? newKey();
    if (keys.has(key)) throw refuse('service_field_key_duplicate', `${here}.key`);
    keys.add(key);
    let options: string[] = [];
    if (f.type === 'select') {
      options = (f.options ?? []).map((o) => o.trim());
      if (!options.length) throw refuse('service_options_required', `${here}.options`);
      if (options.length > SERVICE_OPTIONS_MAX) {
        throw refuse('service_too_many_options', `${here}.options`, { max: SERVICE_OPTIONS_MAX });
      }
      if (options.some((o) => !o) || new Set(options).size !== options.length) {
        throw refuse('service_option_invalid', `${here}.options`);
      }
    }
    return { key, name, type: f.type, required: f.required ?? false, options };
  });
}

/** A place in the body: `steps.0.name`, or `name` for a step that is the body itself. */
export const path = (at: string, rest: string) => (at ? `${at}.${rest}` : rest);

/**
 * The people and departments steps name are the workspace's (active people, existing departments), checked in two
 * statements for all of them. `at` is each step's place in the body (`steps.2`, or '' for a step that is the body).
 */
export async function checkTargets(ctx: RequestContext, steps: { step: StoredStep; at: string }[]) {
  const people = new Map<string, string>();
  const departments = new Map<string, string>();
  for (const { step, at } of steps) {
    let p = 0;
    let d = 0;
    for (const performer of step.performers) {
      if (performer.userId) people.set(performer.userId, path(at, `people.${p++}`));
      if (performer.departmentId) departments.set(performer.departmentId, path(at, `departments.${d++}`));
    }
  }
  if (people.size) {
    const found = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.clientId, ctx.tenant()), eq(users.deletionMark, false), inArray(users.id, [...people.keys()])),
      );
    const known = new Set(found.map((r) => r.id));
    for (const [id, where] of people) if (!known.has(id)) throw refuse('service_performer_invalid', where);
  }
  if (departments.size) {
    const found = await departmentsByIds(ctx, departments.keys());
    for (const [id, where] of departments) if (!found.has(id)) throw refuse('service_performer_invalid', where);
  }
}

/** A step's performers as the designer gives them: people, the chief, departments (each id once). */
export interface PerformerLists {
  people?: string[];
  chief?: boolean;
  departments?: string[];
}

/** The lists back from stored performers (a step changed in part is checked whole again). */
export function performerLists(performers: StoredPerformer[]): Required<PerformerLists> {
  return {
    people: performers.flatMap((p) => (p.userId ? [p.userId] : [])),
    chief: performers.some((p) => p.kind === 'chief'),
    departments: performers.flatMap((p) => (p.departmentId ? [p.departmentId] : [])),
  };
}

/** §5: a step named, with 1 to 5 distinct performers and at most 10 fields of its own. */
export function checkStep(
  step: { name: string; review?: boolean; fields?: ServiceFieldInput[] } & PerformerLists,
  at: string,
  id: string = newId(),
): StoredStep {
  const name = step.name.trim();
  if (!name) throw refuse('service_step_name_required', path(at, 'name'));
  if (name.length > SERVICE_STEP_NAME_MAX) throw refuse('too_long', path(at, 'name'));
  const people = (step.people ?? []).map((p) => p.toLowerCase());
  const departments = (step.departments ?? []).map((d) => d.toLowerCase());
  const count = people.length + departments.length + (step.chief ? 1 : 0);
  if (!count) throw refuse('service_step_performers_required', path(at, 'people'));
  if (count > SERVICE_PERFORMERS_MAX) {
    throw refuse('service_too_many_performers', path(at, 'people'), { max: SERVICE_PERFORMERS_MAX });
  }
  const twice = (list: string[]) => list.findIndex((v, i) => list.indexOf(v) !== i);
  if (twice(people) >= 0) throw refuse('service_performer_duplicate', path(at, `people.${twice(people)}`));
  if (twice(departments) >= 0) {
    throw refuse('service_performer_duplicate', path(at, `departments.${twice(departments)}`));
  }
  const performers: StoredPerformer[] = [
    ...people.map((userId) => ({ kind: 'person' as const, userId })),
    ...(step.chief ? [{ kind: 'chief' as const }] : []),
    ...departments.map((departmentId) => ({ kind: 'department_head' as const, departmentId })),
  ];
  return {
    id,
    name,
    review: step.review ?? false,
    performers,
    fields: checkFields(step.fields ?? [], path(at, 'fields')),
  };
}

/**
 * §4, §5 on a whole list of steps: at least one (a request's steps are the request itself and these, so at least
 * 2), at most 5; a simple service has exactly one, without fields of its own and not a review.
 */
export function checkStepList(type: ServiceType, steps: StoredStep[], at = 'steps') {
  if (!steps.length) throw refuse('service_steps_required', at);
  if (steps.length > SERVICE_STEPS_MAX) throw refuse('service_too_many_steps', at, { max: SERVICE_STEPS_MAX });
  if (type === 'simple' && !isSimple(steps)) throw refuse('service_simple_one_step', at);
}

/** Steps a simple service can have. */
export const isSimple = (steps: StoredStep[]) => steps.length === 1 && !steps[0].review && !steps[0].fields.length;
