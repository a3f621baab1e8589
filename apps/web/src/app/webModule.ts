import type { Feature, ProjectDto, Right, UserDto } from '@hallway/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { UiLang } from '../i18n';
import type { TextTree } from '../i18n/feature';
import type { PageModule } from './lazy';

/**
 * What a web module hands the app: its pages, its menu entries and its texts. Each folder under src/features/ that
 * has a `module.ts` exporting one of these by default is picked up by app/modules.ts; nothing central is edited.
 */
export interface WebModule {
  /** The folder's name, for messages and tests. */
  name: string;
  /** Pages inside the shell. */
  routes?: ShellRoute[];
  /** Pages outside the shell, for people who are not signed in (spec portal §2 "Public routes"). */
  publicRoutes?: PublicRoute[];
  /** The module's menu entries; their place and label come from the spec's menu (app/menu.ts, `menu.*` texts). */
  menu?: MenuEntry[];
  /** The module's own text namespace (ru, uk, en), loaded with its pages rather than at start-up. */
  texts?: ModuleTexts;
  /** Names of the modules whose texts this one's pages show too (the people side shares the profile's namespace). */
  uses?: string[];
  /** The workspace features this module builds: their rights and settings are offered only once one does. */
  features?: Feature[];
  /** Its widgets in the wall's right column (spec portal §2 "/company"). */
  wallWidgets?: WallWidget[];
  /** Its tabs of the admin panel (`/admin/?tab=<key>`). */
  adminTabs?: TabSlot[];
  /** Its tabs of the employees page (`/employees/`). */
  employeesTabs?: TabSlot[];
  /** Its tabs of a profile, in the page's read mode or its edit mode. */
  profileTabs?: ProfileTabSlot[];
  /** Its sections in a project page's side column (`/project/:_id`), below the participants. */
  projectPanels?: Slot<{ default: ComponentType<{ project: ProjectDto }> }>[];
  /** Buttons it adds to the header, before the notification bell (the chat's unread messages). */
  headerItems?: Slot<{ default: ComponentType }>[];
  /**
   * Actions it offers on another person (the chat's "write a message"): beside the buttons of a profile's header and
   * on each row of the address book. `compact` is the address book's round icon.
   */
  personActions?: Slot<{ default: ComponentType<PersonActionProps> }>[];
  /** Badges it adds next to a person's name in the profile's header. */
  profileBadges?: Slot<{ default: ComponentType<{ userId: string }> }>[];
  /** Its pages for the browser tests' accessibility pass (e2e/specs/a11y.spec.ts), from a plain `a11y.ts`. */
  a11yPages?: A11yPage[];
}

/**
 * A piece a module puts on another module's page (a widget, a tab): the page shows the pieces of every module, in
 * `order`, each only while the workspace has its `feature` and the person its `right` and `role` (as menu entries).
 * Its code is a dynamic import, loaded when the page shows it.
 */
export interface Slot<M> {
  /** Unique in its list (a tab's `?tab=` value). */
  key: string;
  order: number;
  feature?: Feature;
  right?: Right;
  role?: 'admin' | 'superadmin';
  load: () => Promise<M>;
}

/** A tab; `label` is a key of its module's text namespace. */
export interface TabSlot<P = object> extends Slot<{ default: ComponentType<P> }> {
  label: string;
}

/** A profile tab: shown in one mode of the page, on one's own profile only, or when the person has what it shows. */
export interface ProfileTabSlot extends TabSlot<{ person: UserDto; own: boolean }> {
  mode: 'view' | 'edit';
  ownOnly?: boolean;
  shows?: (person: UserDto) => boolean;
}

export interface PersonActionProps {
  userId: string;
  name: string;
  compact?: boolean;
}

/**
 * A wall widget: the column waits until every widget's first data has arrived (`data`, e.g.
 * `client.ensureQueryData(xQueries.y(clientId))`, the query the widget reads) and then draws them all at once (a
 * widget growing alone pushed the others down the page). `userId` is the signed-in person's.
 */
export type WallWidget = Slot<{
  default: ComponentType<{ clientId: string; enabled: boolean }>;
  data: (client: QueryClient, clientId: string, userId: string) => Promise<unknown>;
}>;

/**
 * A page for the accessibility pass, in `<feature>/a11y.ts` (plain data, read by the browser tests in Node).
 * `as` is who opens it; in `path`, `:me` is that person's id and `:first` the first `_id` of `first`'s answer
 * (`:client` there is the workspace's id, `:me` that person's).
 */
export interface A11yPage {
  path: string;
  as: 'public' | 'admin' | 'superadmin';
  first?: string;
}

export interface ShellRoute {
  /** react-router path below the root, without the leading slash. */
  path: string;
  load: () => Promise<PageModule>;
  /** Who may open it; others go to the wall (spec portal §2 "Navigation rules"). */
  access?: 'admin' | 'superadmin';
  /**
   * Starts the page's first data request when its route matches, before its code and the session arrive
   * (app/router.tsx). Import the queries inside it, so they stay out of the start-up chunk.
   */
  prefetch?: (params: Record<string, string | undefined>, client: QueryClient) => Promise<unknown>;
}

export interface PublicRoute {
  path: string;
  load: () => Promise<PageModule>;
}

/** The spec's menu codes (portal §2), in its order; the workspace's design settings refer to them. */
export const MENU_CODES = [
  'notifications',
  'company',
  'addressBook',
  'profile',
  'groups',
  'calendar',
  'birthdays',
  'articles',
  'vacancies',
  'services',
  'polls',
  'chat',
  'structure',
  'report_violation',
  'idea',
  'employees',
  'clients',
  'admin',
  'shop',
  'task_tracker',
  'adaptation',
  'vacations',
  'courses',
  'courses_analytics',
] as const;
export type MenuCode = (typeof MENU_CODES)[number];

export interface MenuEntry {
  code: MenuCode;
  /** Where the entry leads; the profile entry needs the signed-in person's id. */
  to: (userId: string) => string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** The workspace feature that must be on (client.features). */
  feature?: Feature;
  /** The employee right that must be granted (administrators have them all). */
  right?: Right;
  role?: 'admin' | 'superadmin';
  /** Shown even before a superadmin has entered a workspace. */
  outsideWorkspace?: boolean;
  /** Other pages of the entry's section, where it stays highlighted (a single post belongs to the wall). */
  activeOn?: string[];
}

export interface ModuleTexts {
  /** The text namespace; unique across modules (the registry test checks it). */
  namespace: string;
  /** One interface language's texts; a dynamic import, so they travel with the module's chunk (or one per language). */
  load: (lang: UiLang) => Promise<TextTree>;
}

/** `texts.load` of a module whose languages are files of their own (`texts/en.ts` exporting `en`, ...). */
export const eachLanguage =
  (files: Record<UiLang, () => Promise<Record<string, unknown>>>): ModuleTexts['load'] =>
  async (lang) =>
    (await files[lang]())[lang] as TextTree;

/** Who sees a menu entry or a slot: the workspace has its `feature`, the person its `right` and `role`. */
export interface Access {
  isAdmin: boolean;
  isSuperadmin: boolean;
  can: (right: Right) => boolean;
  hasFeature: (feature: Feature) => boolean;
}

export const allowed = (entry: Pick<Slot<unknown>, 'feature' | 'right' | 'role'>, access: Access): boolean =>
  (!entry.feature || access.hasFeature(entry.feature)) &&
  (!entry.right || access.can(entry.right)) &&
  (entry.role !== 'admin' || access.isAdmin) &&
  (entry.role !== 'superadmin' || access.isSuperadmin);

/** Identity, for the types: `export default defineWebModule({ ... })` in a feature's `module.ts`. */
export const defineWebModule = (module: WebModule): WebModule => module;
