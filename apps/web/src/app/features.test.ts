import { FEATURES, type Feature, START_PAGE_FEATURES, START_PAGES } from '@hallway/shared';
import { describe, expect, it } from 'vitest';
import { featureOffered, offeredRights, offeredStartPages } from './features';
import { webModules } from './modules';

const workspace = (on: readonly Feature[]) => ({
  features: FEATURES.map((code) => ({ code, active: on.includes(code) })),
  start_page: 'company',
});

describe('rights and settings offered (issue 12: no controls for modules that do not exist)', () => {
  it('offers the rights of built modules whose feature is on, and the portal-wide ones', () => {
    const rights = offeredRights(workspace(FEATURES), webModules);
    expect(rights).toContain('wall');
    expect(rights).toContain('profile_edit');
    expect(rights).toContain('admin');
    expect(rights).toContain('dark_theme');
    // Switched on for the workspace, but no web module builds them yet.
    expect(rights).not.toContain('adaptation');
    expect(rights).toContain('lms');
    expect(rights).toEqual(expect.arrayContaining(['groups', 'calendar', 'events_create']));
  });

  it('drops a built module’s rights when the workspace has its feature off', () => {
    expect(offeredRights(workspace([]), webModules)).toEqual(['profile_edit', 'admin', 'dark_theme']);
  });

  it('offers the mood meter and start pages only for built, switched-on features', () => {
    expect(featureOffered('mood', workspace(FEATURES), webModules)).toBe(true);
    expect(featureOffered('mood', workspace(FEATURES.filter((f) => f !== 'mood')), webModules)).toBe(false);
    expect(featureOffered('adaptation', workspace(FEATURES), webModules)).toBe(false);
    // The start pages of the built modules (adding a module edits no list here).
    const built = START_PAGES.filter((page) => {
      const feature = START_PAGE_FEATURES[page];
      return feature === null || webModules.some((module) => module.features?.includes(feature));
    });
    expect(offeredStartPages(workspace(FEATURES), webModules)).toEqual(built);
    expect(built).toEqual(expect.arrayContaining(['company', 'profile', 'calendar']));
    // The current choice stays listed even when its feature is off, so the field never shows blank.
    expect(offeredStartPages({ ...workspace([]), start_page: 'calendar' }, webModules)).toEqual(
      START_PAGES.filter((page) => START_PAGE_FEATURES[page] === null || page === 'calendar'),
    );
  });
});
