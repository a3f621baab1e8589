import { describe, expect, it } from 'vitest';
import { storeStartPage } from '../api/storage';
import { startPath } from './guards';

describe('where \'/\' leads (spec portal §2 "Navigation rules")', () => {
  it('sends a superadmin to the clients page', () => {
    expect(startPath(true, 'u1', 'profile')).toBe('/clients');
  });

  it('sends everyone else to the start page, default the wall', () => {
    expect(startPath(false, 'u1')).toBe('/company');
    expect(startPath(false, 'u1', 'company')).toBe('/company');
    expect(startPath(false, 'u1', 'profile')).toBe('/profile/u1');
  });

  it('remembers the start page locally and falls back to the wall for a module not built yet', () => {
    storeStartPage('profile');
    expect(startPath(false, 'u7')).toBe('/profile/u7');
    expect(startPath(false, 'u1', 'adaptation')).toBe('/company');
    expect(startPath(false, 'u1', 'calendar')).toBe('/calendar');
  });
});
