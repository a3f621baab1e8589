import { z } from 'zod';
import { CLIENT_STATUSES, FEATURES, LANGS, START_PAGES } from '../enums.js';
import {
  CITY_MAX,
  FONT_FAMILY_PATTERN,
  INN_LENGTH,
  PHONE_MAX,
  TEXT_MAX,
  WORKSPACE_CODE_MAX,
  WORKSPACE_CODE_MIN,
  WORKSPACE_NAME_MAX,
} from '../limits.js';
import { email, id, longText, personName, requiredText, text, timeZone } from './common.js';
import { login, partialRights, password, rightsSchema } from './user.js';

export const workspaceCode = z
  .string()
  .trim()
  .min(WORKSPACE_CODE_MIN, 'required')
  .max(WORKSPACE_CODE_MAX, 'too_long')
  .regex(/^[A-Za-z0-9]+$/, 'workspace_code_invalid');

export const menuEntry = z.object({
  code: z.string().max(40),
  name: z.string().max(60).optional(),
  order: z.number().int().min(0).max(1000),
  hidden: z.boolean().optional(),
});
export const featureFlag = z.object({ code: z.enum(FEATURES), active: z.boolean() });
/** Workspace colours reach CSS: only `#rrggbb`. */
export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'color_invalid');
export const colors = z.object({
  primary: hexColor.optional(),
  accent: hexColor.optional(),
  header: hexColor.optional(),
});
export const fontFamily = z.union([
  z.literal(''),
  z.string().trim().max(80, 'too_long').regex(FONT_FAMILY_PATTERN, 'font_invalid'),
]);
/** Logo, header and side-panel pictures are uploaded files of the workspace (`src` of POST /api/upload). */
export const workspaceImage = z.union([
  z.literal(''),
  z.string().regex(/^\/api\/files\/[0-9a-fA-F-]{36}(?:\/thumb)?$/, 'validation'),
]);
export const clientSettings = z.object({
  hideMoodMeter: z.boolean().optional(),
  openRegistration: z.boolean().optional(),
  /** Newcomers of open registration wait for an administrator's approval before they can sign in. */
  registrationApproval: z.boolean().optional(),
  defaultRights: partialRights.optional(),
  /** The workspace's IANA time zone (the calendar's default). */
  timeZone: timeZone.optional(),
});

/** Fields of a workspace an administrator or the superadmin may edit. */
export const clientFields = z.object({
  name: requiredText(WORKSPACE_NAME_MAX),
  fullName: text(TEXT_MAX).optional(),
  city: text(CITY_MAX).optional(),
  phone: text(PHONE_MAX).optional(),
  address: text().optional(),
  director: text(120).optional(),
  telegram: text(120).optional(),
  comments: longText.optional(),
  inn: z.union([z.literal(''), z.string().regex(new RegExp(`^\\d{${INN_LENGTH}}$`), 'inn_invalid')]).optional(),
  logo: workspaceImage.optional(),
  header: workspaceImage.optional(),
  sidepanel: workspaceImage.optional(),
  colors: colors.optional(),
  font: fontFamily.optional(),
  menu: z.array(menuEntry).max(60).optional(),
  start_page: z.enum(START_PAGES).optional(),
  lang: z.enum(LANGS).optional(),
  settings: clientSettings.optional(),
});

/** Superadmin-only fields. */
export const clientAdminFields = z.object({
  status: z.enum(CLIENT_STATUSES).optional(),
  storageSize: z.number().int().min(0).optional(),
  lmsAdmins: z.array(id).max(100).optional(),
});

export const createClientBody = clientFields.extend(clientAdminFields.shape).extend({
  workspace: workspaceCode,
  /** The workspace's first administrator, created with it. */
  admin: z.object({ login: login.optional(), email, password, firstName: personName, lastName: personName }).optional(),
});
export const updateClientBody = clientFields.partial().extend(clientAdminFields.shape);

export const clientDto = z.object({
  _id: z.string(),
  workspace: z.string(),
  name: z.string(),
  fullName: z.string(),
  status: z.enum(CLIENT_STATUSES),
  city: z.string(),
  phone: z.string(),
  address: z.string(),
  director: z.string(),
  telegram: z.string(),
  storageSize: z.number(),
  storageUsed: z.number(),
  comments: z.string(),
  inn: z.string(),
  logo: z.string(),
  header: z.string(),
  sidepanel: z.string(),
  colors: colors,
  font: z.string(),
  menu: z.array(menuEntry),
  features: z.array(featureFlag),
  start_page: z.string(),
  lang: z.enum(LANGS),
  settings: z.object({
    hideMoodMeter: z.boolean(),
    openRegistration: z.boolean(),
    registrationApproval: z.boolean(),
    defaultRights: rightsSchema,
    timeZone: z.string().nullable(),
  }),
  lmsAdmins: z.array(z.string()),
  usersCount: z.number().optional(),
  created: z.string(),
});
export type ClientDto = z.infer<typeof clientDto>;

/** What anyone may learn of a workspace by its code, before signing in. */
export const publicClientDto = clientDto
  .pick({
    _id: true,
    workspace: true,
    name: true,
    logo: true,
    colors: true,
    font: true,
    lang: true,
    status: true,
  })
  .extend({ openRegistration: z.boolean() });

export const switchFeatureParams = z.object({ client_id: id, code: z.enum(FEATURES, 'feature_unknown') });
