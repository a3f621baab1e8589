import type { Feature, Right } from '@hallway/shared';
import { IconUsersGroup } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { isImplemented, MENU, type MenuAccess, type MenuEntry, visibleMenu } from './menu';
import { shellRoutes } from './routes';
import { MENU_CODES } from './webModule';

const employee = (overrides: Partial<MenuAccess> = {}): MenuAccess => ({
  userId: 'u1',
  client: { menu: [] },
  isAdmin: false,
  isSuperadmin: false,
  can: () => true,
  hasFeature: () => true,
  ...overrides,
});
const codes = (access: MenuAccess) => visibleMenu(access).map((entry) => entry.code);
/** The built modules' menu codes that `shown` keeps, in the spec's order: adding a module edits no list here. */
const built = (shown: (entry: MenuEntry) => boolean) =>
  MENU_CODES.filter((code) => MENU.some((entry) => entry.code === code && shown(entry)));

describe('menu entries', () => {
  it('show only modules that have a page', () => {
    expect(isImplemented('/company')).toBe(true);
    expect(isImplemented('/profile/u1')).toBe(true);
    expect(isImplemented('/employees/')).toBe(true);
    expect(isImplemented('/adaptation')).toBe(false);
    expect(isImplemented('/addressBook/')).toBe(true);
    expect(codes(employee())).toEqual(built((entry) => !entry.role));
    expect(codes(employee())).toContain('company');
  });

  it('follow roles: employees for administrators, clients for the superadmin', () => {
    expect(codes(employee({ isAdmin: true }))).toEqual(built((entry) => entry.role !== 'superadmin'));
    expect(codes(employee({ isAdmin: true }))).toContain('employees');
    expect(codes(employee({ isAdmin: true, isSuperadmin: true }))).toEqual(built(() => true));
    expect(codes(employee({ isAdmin: true, isSuperadmin: true }))).toContain('clients');
  });

  it('hide an entry whose workspace feature is off or whose right is missing', () => {
    const noWall = employee({ hasFeature: (feature: Feature) => feature !== 'wall' });
    expect(codes(noWall)).toEqual(built((entry) => !entry.role && entry.feature !== 'wall'));
    expect(codes(noWall)).not.toContain('company');
    const noGroups = employee({ hasFeature: (feature: Feature) => feature !== 'groups' });
    expect(codes(noGroups)).not.toContain('groups');
    // A right-gated entry (a module not built yet): a person without the right does not see it.
    const courses: MenuEntry = {
      code: 'courses',
      to: () => '/courses',
      icon: IconUsersGroup,
      feature: 'lms',
      right: 'lms',
    };
    const routes = [...shellRoutes, { path: 'courses', load: async () => ({ default: () => null }) }];
    const withCourses = (access: MenuAccess) => visibleMenu(access, [...MENU, courses], routes).map((e) => e.code);
    expect(withCourses(employee())).toContain('courses');
    expect(withCourses(employee({ can: (right: Right) => right !== 'lms' }))).not.toContain('courses');
    expect(codes(employee({ can: (right: Right) => right !== 'calendar' }))).not.toContain('calendar');
  });

  it('take names, order and hiding from the workspace design settings', () => {
    const client = {
      menu: [
        { code: 'profile', order: 0, name: 'Me' },
        { code: 'company', order: 5 },
        { code: 'employees', order: 1, hidden: true },
      ],
    };
    const entries = visibleMenu(employee({ client, isAdmin: true }));
    // The workspace's order replaces the spec's position; ties keep the spec's order.
    const rank = (code: string) =>
      ({ profile: 0, company: 5 })[code as 'profile'] ?? MENU_CODES.indexOf(code as 'profile');
    const expected = built((entry) => entry.role !== 'superadmin' && entry.code !== 'employees').sort(
      (a, b) => rank(a) - rank(b) || MENU_CODES.indexOf(a) - MENU_CODES.indexOf(b),
    );
    expect(entries.map((e) => e.code)).toEqual(expected);
    expect(entries.map((e) => e.code).slice(0, 2)).toEqual(['notifications', 'profile']);
    expect(entries.filter((e) => e.customName).map((e) => [e.code, e.customName])).toEqual([['profile', 'Me']]);
    expect(entries[1].href).toBe('/profile/u1');
  });

  it('before a superadmin enters a workspace, offer only the clients page', () => {
    expect(codes(employee({ client: null, isAdmin: true, isSuperadmin: true }))).toEqual(['clients']);
  });
});
