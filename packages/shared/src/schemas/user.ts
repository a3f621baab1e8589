import { z } from 'zod';
import { ASSIGNABLE_ROLES, FEATURES, GENDERS, LANGS, RIGHTS, ROLES } from '../enums.js';
import {
  CITY_MAX,
  HR_KEY_MAX,
  HR_VALUE_MAX,
  INN_LENGTH,
  INTERNAL_PHONE_MAX,
  KPP_LENGTH,
  LOGIN_MAX,
  PASSWORD_MIN,
  PHONE_MAX,
  SOCIAL_NAME_MAX,
  STATUS_TEXT_MAX,
  TELEGRAM_MAX,
  TEXT_MAX,
} from '../limits.js';
import {
  email,
  fileRef,
  id,
  isoDate,
  longText,
  optionalPersonName,
  personName,
  pic,
  text,
  timeZone,
} from './common.js';

export const password = z.string().min(PASSWORD_MIN, 'password_short').max(200, 'too_long');
export const inn = z.union([z.literal(''), z.string().regex(new RegExp(`^\\d{${INN_LENGTH}}$`), 'inn_invalid')]);
export const login = z
  .string()
  .trim()
  .min(1, 'required')
  .max(LOGIN_MAX, 'too_long')
  .regex(/^[\p{L}\p{N}._@+-]+$/u, 'invalid_symbols');

export const rightsSchema = z.object(Object.fromEntries(RIGHTS.map((r) => [r, z.boolean()]))) as z.ZodObject<
  Record<(typeof RIGHTS)[number], z.ZodBoolean>
>;
export const partialRights = rightsSchema.partial();

/** Social networks: name → link. Only web links, since colleagues open them. */
export const socialLinks = z
  .record(
    z.string().max(SOCIAL_NAME_MAX),
    z
      .string()
      .trim()
      .max(TEXT_MAX, 'too_long')
      .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'link_invalid'),
  )
  .refine((v) => Object.keys(v).length <= 20, 'too_long');
export const hrData = z
  .record(z.string().max(HR_KEY_MAX), z.string().max(HR_VALUE_MAX))
  .refine((v) => Object.keys(v).length <= 50, 'too_long');

/** Profile fields an employee or an administrator may set (spec portal §3 "Employee"). */
export const profileFields = z.object({
  firstName: personName,
  middleName: optionalPersonName,
  lastName: personName,
  email,
  birthDate: z.union([z.literal(''), isoDate]).optional(),
  phone: text(PHONE_MAX).optional(),
  internalPhone: text(INTERNAL_PHONE_MAX).optional(),
  lang: z.enum(LANGS).optional(),
  organization: text().optional(),
  inn: inn.optional(),
  kpp: z.union([z.literal(''), z.string().regex(new RegExp(`^\\d{${KPP_LENGTH}}$`), 'validation')]).optional(),
  position: text().optional(),
  cabinet: text(40).optional(),
  chiefCode: text(40).optional(),
  chief: z.union([id, z.null()]).optional(),
  department: text().optional(),
  workingSince: z.union([z.literal(''), isoDate]).optional(),
  gender: z.enum(GENDERS).optional(),
  vacationDays: z.number().min(0).max(1000).optional(),
  city: text(CITY_MAX).optional(),
  telegram: text(TELEGRAM_MAX).optional(),
  about: longText.optional(),
  social: socialLinks.optional(),
  hrData: hrData.optional(),
  statusText: text(STATUS_TEXT_MAX).optional(),
  pics: z.array(pic).max(20).optional(),
  cover: z.union([z.literal(''), z.string().max(1000)]).optional(),
  files: z.array(fileRef).max(100).optional(),
  theme: z.enum(['light', 'dark']).optional(),
  /** The person's own IANA time zone (null: the workspace's). */
  timeZone: timeZone.nullable().optional(),
});

/** `POST api/register`: an administrator adds an employee (or a newcomer joins an open workspace). */
export const registerBody = profileFields.partial().extend({
  firstName: personName,
  lastName: personName,
  email,
  login: login.optional(),
  password,
  confirmation: z.string().optional(),
  workspace: z.string().max(64).optional(),
  rights: partialRights.optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const registerManyBody = z.object({ users: z.array(z.record(z.string(), z.unknown())).min(1).max(5000) });

/**
 * `POST api/user/invite`: an administrator invites someone by e-mail; the person sets their own password through
 * the mailed link (issue 12).
 */
export const inviteEmployeeBody = z.object({
  firstName: personName,
  lastName: personName,
  email,
  position: text().optional(),
  department: text().optional(),
  lang: z.enum(LANGS).optional(),
});
export type InviteEmployeeBody = z.infer<typeof inviteEmployeeBody>;

/**
 * Where someone stands: invited (has not set a password from the invitation yet), active, deleted, or pending (joined
 * by open registration and waiting for an administrator's approval; cannot sign in).
 */
export const USER_STATUSES = ['active', 'invited', 'deleted', 'pending'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** `PUT api/user/{id}`. */
export const updateUserBody = profileFields.partial().extend({
  login: login.optional(),
  password: password.optional(),
  confirmation: z.string().optional(),
  oldPassword: z.string().max(200).optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

/** What leaves the server about an employee. HR data is present only for those who may see it. */
export const userDto = z.object({
  _id: z.string(),
  client_id: z.string().nullable(),
  login: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  rights: rightsSchema,
  lang: z.enum(LANGS).nullable(),
  firstName: z.string(),
  middleName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  birthDate: z.string().nullable(),
  phone: z.string(),
  internalPhone: z.string(),
  organization: z.string(),
  inn: z.string(),
  kpp: z.string(),
  position: z.string(),
  cabinet: z.string(),
  chiefCode: z.string(),
  chief: z.string().nullable(),
  department: z.string(),
  workingSince: z.string().nullable(),
  gender: z.enum(GENDERS),
  vacationDays: z.number(),
  city: z.string(),
  telegram: z.string(),
  about: z.string(),
  social: z.record(z.string(), z.string()),
  hrData: z.record(z.string(), z.string()).optional(),
  files: z.array(fileRef).optional(),
  statusText: z.string(),
  pics: z.array(pic),
  avatar: z.string().nullable(),
  cover: z.string(),
  theme: z.enum(['light', 'dark']),
  timeZone: z.string().nullable(),
  followers: z.array(z.string()),
  pinned_num: z.number().nullable(),
  deletion_mark: z.boolean(),
  status: z.enum(USER_STATUSES),
  created: z.string(),
  /** What the caller may do with this profile (single-profile answers only): the UI shows only what works. */
  can: z.object({ edit: z.boolean(), editHr: z.boolean() }).optional(),
});
export type UserDto = z.infer<typeof userDto>;

export const roleParam = z.object({ id, role: z.enum(ASSIGNABLE_ROLES, 'role_unknown') });
export const clientRoleParam = z.object({ clientId: id, role: z.enum(ASSIGNABLE_ROLES, 'role_unknown') });

export const featureCode = z.enum(FEATURES, 'feature_unknown');
