import type { ClientDto } from '@hallway/shared';
import { matchPath } from 'react-router';
import { registry } from './modules';
import { shellRoutes } from './routes';
import { type Access, allowed, MENU_CODES, type MenuEntry, type ShellRoute } from './webModule';

export type { MenuCode, MenuEntry } from './webModule';

/** The modules' menu entries in the spec's order (portal §2); each module declares its own in its `module.ts`. */
export const MENU: MenuEntry[] = registry.menu;

/** A path has a page in the module registry. */
export const isImplemented = (path: string, routes: ShellRoute[] = shellRoutes): boolean =>
  routes.some((route) => matchPath({ path: `/${route.path}`, end: true }, path.replace(/\/$/, '') || '/'));

export interface MenuAccess extends Access {
  userId: string;
  client: Pick<ClientDto, 'menu'> | null;
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
export function visibleMenu(
  access: MenuAccess,
  menu: MenuEntry[] = MENU,
  routes: ShellRoute[] = shellRoutes,
): VisibleMenuEntry[] {
  const settings = new Map((access.client?.menu ?? []).map((item) => [item.code, item]));
  // The spec's position, so a workspace's `order` values compare with the same numbers whichever modules exist.
  return menu
    .map((entry) => ({ entry, index: MENU_CODES.indexOf(entry.code), setting: settings.get(entry.code) }))
    .filter(({ entry, setting }) => {
      if (setting?.hidden) return false;
      if (!access.client && !entry.outsideWorkspace) return false;
      if (!isImplemented(entry.to(access.userId), routes)) return false;
      return allowed(entry, access);
    })
    .sort((a, b) => (a.setting?.order ?? a.index) - (b.setting?.order ?? b.index) || a.index - b.index)
    .map(({ entry, setting }) => ({
      ...entry,
      href: entry.to(access.userId),
      customName: setting?.name?.trim() || undefined,
    }));
}
