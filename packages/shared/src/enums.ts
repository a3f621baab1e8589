/** Enumerations shared by server and web (spec portal §3, §6, §9). */
export const LANGS = ['ru', 'ua', 'en'] as const;
export type Lang = (typeof LANGS)[number];

export const ROLES = ['superadmin', 'admin', 'hr'] as const;
export type Role = (typeof ROLES)[number];
/** Roles an administrator may grant or revoke; superadmin is never granted through the API. */
export const ASSIGNABLE_ROLES = ['admin', 'hr'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** The 23 per-employee feature rights (spec portal §6). */
export const RIGHTS = [
  'wall',
  'groups',
  'profile_edit',
  'calendar',
  'events_create',
  'task_tracker',
  'desk_add',
  'knowl_base',
  'kb_files',
  'vacancies',
  'services',
  'structures',
  'no_silent',
  'ideas',
  'polls',
  'chat',
  'shop',
  'adaptation',
  'vacations',
  'vacations_edit',
  'lms',
  'admin',
  'dark_theme',
] as const;
export type Right = (typeof RIGHTS)[number];
export type Rights = Record<Right, boolean>;

/** Rights a new workspace starts with for new or imported employees. */
export const DEFAULT_RIGHTS: Rights = Object.fromEntries(
  RIGHTS.map((right) => [right, right !== 'admin' && right !== 'vacations_edit']),
) as Rights;

/** Workspace features (modules) the superadmin switches per client. */
export const FEATURES = [
  'wall',
  'address_book',
  'groups',
  'calendar',
  'knowl_base',
  'vacancies',
  'services',
  'polls',
  'chat',
  'structure',
  'no_silent',
  'ideas',
  'shop',
  'task_tracker',
  'adaptation',
  'vacations',
  'lms',
  'mood',
  'notifications',
  'analytics',
  'projects',
  'birthdays',
] as const;
export type Feature = (typeof FEATURES)[number];

/**
 * The feature (module) each right belongs to; null for rights of the whole portal. A right of a module that is
 * switched off, or not built, controls nothing, so the web does not offer it.
 */
export const RIGHT_FEATURES: Record<Right, Feature | null> = {
  wall: 'wall',
  groups: 'groups',
  profile_edit: null,
  calendar: 'calendar',
  events_create: 'calendar',
  task_tracker: 'task_tracker',
  desk_add: 'task_tracker',
  knowl_base: 'knowl_base',
  kb_files: 'knowl_base',
  vacancies: 'vacancies',
  services: 'services',
  structures: 'structure',
  no_silent: 'no_silent',
  ideas: 'ideas',
  polls: 'polls',
  chat: 'chat',
  shop: 'shop',
  adaptation: 'adaptation',
  vacations: 'vacations',
  vacations_edit: 'vacations',
  lms: 'lms',
  admin: null,
  dark_theme: null,
};
export interface FeatureFlag {
  code: Feature;
  active: boolean;
}

export const CLIENT_STATUSES = ['active', 'blocked'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

export const GENDERS = ['man', 'woman', 'not selected'] as const;
export type Gender = (typeof GENDERS)[number];

export const POST_PARENT_TYPES = ['company', 'feed', 'group', 'system'] as const;
export const COMMENT_PARENT_TYPES = ['post', 'comment', 'task', 'bp'] as const;
export const LIKE_TYPES = ['post', 'comment', 'answer'] as const;

/** Content grants (spec portal §6 "Access grants on content"). */
export const GRANT_AUDIENCES = [
  'all',
  'all_heads',
  'by_head',
  'by_name',
  'by_department',
  'by_city',
  'by_working_time',
  'manual',
] as const;
export type GrantAudience = (typeof GRANT_AUDIENCES)[number];
export const GRANT_LEVELS = ['read', 'write', 'none'] as const;
export type GrantLevel = (typeof GRANT_LEVELS)[number];

/** Start pages a workspace may choose; `profile` becomes /profile/{current user id}. */
export const START_PAGES = ['company', 'profile', 'addressBook', 'groups', 'calendar', 'articles'] as const;
export type StartPage = (typeof START_PAGES)[number];
/** The feature each start page belongs to (null: always there). */
export const START_PAGE_FEATURES: Record<StartPage, Feature | null> = {
  company: 'wall',
  profile: null,
  addressBook: 'address_book',
  groups: 'groups',
  calendar: 'calendar',
  articles: 'knowl_base',
};

/** The four trees of a workspace's structure (portal §3 Structure), in display order. */
export const STRUCTURE_TYPES = ['administrative', 'organizational', 'functional', 'project'] as const;
export type StructureType = (typeof STRUCTURE_TYPES)[number];

/** A vacation's life (portal §5 Vacation): the chief approves or declines a request; the owner may cancel. */
export const VACATION_STATUSES = ['requested', 'approved', 'declined', 'cancelled'] as const;
export type VacationStatus = (typeof VACATION_STATUSES)[number];
