import { z } from 'zod';
import { GRANT_LEVELS } from '../enums.js';
import { AUDIENCE_GRANTS_MAX, AUDIENCE_VALUES_MAX, TENURE_MONTHS_MAX, TEXT_MAX } from '../limits.js';
import { isUuid } from './common.js';

/**
 * Access grants on content (spec portal §6 "Access grants on content"): who an article, poll, group, … is for.
 * - `all`: everyone of the workspace; `heads`: everyone who is somebody's chief (`users.chief`);
 * - `by_head`: the people whose chief is one of `values` (user ids); `name` and `manual`: the people `values` (ids);
 * - `position`, `department`, `city`: people whose field equals one of `values` (text, case-insensitive);
 * - `working_time`: people whose tenure in whole months since `workingSince` is within [`from`, `to`] (either may
 *   be left out; people without `workingSince` never match).
 * A person's level on an object is the highest level of the grants that match them; a matching `none` wins.
 */
export const AUDIENCES = [
  'all',
  'heads',
  'by_head',
  'position',
  'name',
  'department',
  'city',
  'working_time',
  'manual',
] as const;
export type Audience = (typeof AUDIENCES)[number];
/** Audiences whose `values` are user ids. */
export const PERSON_AUDIENCES = ['by_head', 'name', 'manual'] as const satisfies readonly Audience[];
/** Audiences whose `values` are texts matched against the person's field. */
export const TEXT_AUDIENCES = ['position', 'department', 'city'] as const satisfies readonly Audience[];

const tenure = z.number().int('validation').min(0, 'validation').max(TENURE_MONTHS_MAX, 'validation');

export const audienceGrant = z
  .object({
    audience: z.enum(AUDIENCES, 'audience_unknown'),
    values: z
      .array(z.string().trim().min(1, 'required').max(TEXT_MAX, 'too_long'))
      .max(AUDIENCE_VALUES_MAX, 'too_long')
      .default([]),
    /** working_time only: tenure in whole months, inclusive bounds. */
    from: tenure.nullable().optional(),
    to: tenure.nullable().optional(),
    level: z.enum(GRANT_LEVELS, 'grant_level_unknown'),
  })
  .superRefine((grant, issue) => {
    const needsValues = [...PERSON_AUDIENCES, ...TEXT_AUDIENCES] as readonly string[];
    if (needsValues.includes(grant.audience) && grant.values.length === 0) {
      issue.addIssue({ code: 'custom', path: ['values'], message: 'audience_values_required' });
    }
    if ((PERSON_AUDIENCES as readonly string[]).includes(grant.audience) && !grant.values.every((v) => isUuid(v))) {
      issue.addIssue({ code: 'custom', path: ['values'], message: 'audience_person_unknown' });
    }
    if (grant.audience === 'working_time') {
      const from = grant.from ?? null;
      const to = grant.to ?? null;
      if ((from === null && to === null) || (from !== null && to !== null && from > to)) {
        issue.addIssue({ code: 'custom', path: ['from'], message: 'tenure_range_invalid' });
      }
    }
  });
export type AudienceGrant = z.infer<typeof audienceGrant>;
export type AudienceGrantInput = z.input<typeof audienceGrant>;

export const audienceGrants = z.array(audienceGrant).max(AUDIENCE_GRANTS_MAX, 'too_long');

/** An audience grant as answered: stored values, `from`/`to` null unless working_time. */
export const audienceGrantDto = z.object({
  audience: z.enum(AUDIENCES),
  values: z.array(z.string()),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  level: z.enum(GRANT_LEVELS),
});
export type AudienceGrantDto = z.infer<typeof audienceGrantDto>;
