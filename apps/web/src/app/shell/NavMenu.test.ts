import { describe, expect, it } from 'vitest';
import { webModules } from '../modules';
import { isActiveEntry } from './NavMenu';

describe('isActiveEntry', () => {
  it('keeps the Wall entry highlighted on a single post, and no other', () => {
    const wall = webModules.flatMap((m) => m.menu ?? []).find((entry) => entry.code === 'company')!;
    const entry = { ...wall, href: wall.to('me') };
    expect(isActiveEntry('/company', entry)).toBe(true);
    expect(isActiveEntry('/post/01a1fe5d-0000-7000-8000-000000000001', entry)).toBe(true);
    expect(isActiveEntry('/postbox', entry)).toBe(false);
    expect(isActiveEntry('/addressBook/', entry)).toBe(false);
    expect(isActiveEntry('/addressBook/x', { href: '/addressBook/' })).toBe(true);
  });
});
