import type { ClientDto, Feature, Right } from '@hallway/shared';
import {
  IconAddressBook,
  IconBell,
  IconBook,
  IconBriefcase,
  IconBuildingSkyscraper,
  IconBulb,
  IconCalendarEvent,
  IconChartBar,
  IconHierarchy2,
  IconHome,
  IconLayoutKanban,
  IconListCheck,
  IconMessages,
  IconPlane,
  IconRoute,
  IconSchool,
  IconSettings,
  IconShieldExclamation,
  IconShoppingBag,
  IconSitemap,
  IconUser,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { shellRoutes } from './routes';

export type MenuCode =
  | 'notifications'
  | 'company'
  | 'addressBook'
  | 'profile'
  | 'groups'
  | 'calendar'
  | 'articles'
  | 'vacancies'
  | 'services'
  | 'polls'
  | 'chat'
  | 'structure'
  | 'report_violation'
  | 'idea'
  | 'employees'
  | 'clients'
  | 'admin'
  | 'shop'
  | 'task_tracker'
  | 'adaptation'
  | 'vacations'
  | 'courses'
  | 'courses_analytics';

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
}

/** Menu entries of spec portal §2, in the spec's order. An entry shows once its module's route exists. */
export const MENU: MenuEntry[] = [
  { code: 'notifications', to: () => '/notifications', icon: IconBell, feature: 'notifications' },
  { code: 'company', to: () => '/company', icon: IconHome, feature: 'wall' },
  { code: 'addressBook', to: () => '/addressBook/', icon: IconAddressBook, feature: 'address_book' },
  { code: 'profile', to: (userId) => `/profile/${userId}`, icon: IconUser },
  { code: 'groups', to: () => '/groups/', icon: IconUsersGroup, feature: 'groups', right: 'groups' },
  { code: 'calendar', to: () => '/calendar/', icon: IconCalendarEvent, feature: 'calendar', right: 'calendar' },
  { code: 'articles', to: () => '/articles/', icon: IconBook, feature: 'knowl_base', right: 'knowl_base' },
  { code: 'vacancies', to: () => '/vacancies/', icon: IconBriefcase, feature: 'vacancies', right: 'vacancies' },
  { code: 'services', to: () => '/services/', icon: IconListCheck, feature: 'services', right: 'services' },
  { code: 'polls', to: () => '/polls', icon: IconChartBar, feature: 'polls', right: 'polls' },
  { code: 'chat', to: () => '/chat', icon: IconMessages, feature: 'chat', right: 'chat' },
  { code: 'structure', to: () => '/structure_new', icon: IconSitemap, feature: 'structure', right: 'structures' },
  {
    code: 'report_violation',
    to: () => '/report_violation',
    icon: IconShieldExclamation,
    feature: 'no_silent',
    right: 'no_silent',
  },
  { code: 'idea', to: () => '/idea', icon: IconBulb, feature: 'ideas', right: 'ideas' },
  { code: 'employees', to: () => '/employees/', icon: IconUsers, role: 'admin' },
  { code: 'clients', to: () => '/clients', icon: IconBuildingSkyscraper, role: 'superadmin', outsideWorkspace: true },
  { code: 'admin', to: () => '/admin/', icon: IconSettings, role: 'admin' },
  { code: 'shop', to: () => '/shop/', icon: IconShoppingBag, feature: 'shop', right: 'shop' },
  {
    code: 'task_tracker',
    to: () => '/task-tracker/',
    icon: IconLayoutKanban,
    feature: 'task_tracker',
    right: 'task_tracker',
  },
  { code: 'adaptation', to: () => '/adaptation', icon: IconRoute, feature: 'adaptation', right: 'adaptation' },
  { code: 'vacations', to: () => '/vacations', icon: IconPlane, feature: 'vacations', right: 'vacations' },
  { code: 'courses', to: () => '/courses', icon: IconSchool, feature: 'lms', right: 'lms' },
  {
    code: 'courses_analytics',
    to: () => '/courses/analytics',
    icon: IconHierarchy2,
    feature: 'lms',
    right: 'lms',
    role: 'admin',
  },
];

/** A path has a page in the module registry. */
export const isImplemented = (path: string): boolean =>
  shellRoutes.some((route) => matchPath({ path: `/${route.path}`, end: true }, path.replace(/\/$/, '') || '/'));

export interface MenuAccess {
  userId: string;
  client: Pick<ClientDto, 'menu'> | null;
  isAdmin: boolean;
  isSuperadmin: boolean;
  can: (right: Right) => boolean;
  hasFeature: (feature: Feature) => boolean;
}

export interface VisibleMenuEntry extends MenuEntry {
  href: string;
  /** The workspace's own name for the entry, when its design settings give one. */
  customName?: string;
}

/**
 * The entries a person sees: implemented, feature on, right granted, role held, not hidden by the workspace;
 * named and ordered by the workspace's design settings (client.menu), otherwise in the spec's order.
 */
export function visibleMenu(access: MenuAccess): VisibleMenuEntry[] {
  const settings = new Map((access.client?.menu ?? []).map((item) => [item.code, item]));
  return MENU.map((entry, index) => ({ entry, index, setting: settings.get(entry.code) }))
    .filter(({ entry, setting }) => {
      if (setting?.hidden) return false;
      if (!access.client && !entry.outsideWorkspace) return false;
      if (!isImplemented(entry.to(access.userId))) return false;
      if (entry.role === 'superadmin' && !access.isSuperadmin) return false;
      if (entry.role === 'admin' && !access.isAdmin) return false;
      if (entry.feature && !access.hasFeature(entry.feature)) return false;
      if (entry.right && !access.can(entry.right)) return false;
      return true;
    })
    .sort((a, b) => (a.setting?.order ?? a.index) - (b.setting?.order ?? b.index) || a.index - b.index)
    .map(({ entry, setting }) => ({
      ...entry,
      href: entry.to(access.userId),
      customName: setting?.name?.trim() || undefined,
    }));
}
