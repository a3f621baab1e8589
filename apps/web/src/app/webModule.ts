import type { Feature, Right } from '@hallway/shared';
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
  /** Modules whose texts this one's pages show too (the people side shares the profile module's namespace). */
  uses?: WebModule[];
  /** The workspace features this module builds: their rights and settings are offered only once one does. */
  features?: Feature[];
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

/** Identity, for the types: `export default defineWebModule({ ... })` in a feature's `module.ts`. */
export const defineWebModule = (module: WebModule): WebModule => module;
