import { describe, expect, it } from 'vitest';
import { evaluateGrants, type Grant, type GrantSubject, grantMatches, tenureMonths } from './grants.js';

const now = new Date('2026-11-21T12:00:00Z');
const person = (over: Partial<GrantSubject> = {}): GrantSubject => ({
  id: 'u1',
  fullName: 'Anna Kowalski',
  position: 'Product Designer',
  department: 'Product',
  city: 'Berlin',
  chief: 'boss',
  workingSince: '2024-11-21',
  isHead: false,
  ...over,
});
const grant = (g: Partial<Grant> & Pick<Grant, 'audience'>): Grant => ({ level: 'read', ...g });

describe('every audience kind', () => {
  it('all: everyone', () => {
    expect(grantMatches(grant({ audience: 'all' }), person(), now)).toBe(true);
  });
  it('all_heads: only people who head someone', () => {
    expect(grantMatches(grant({ audience: 'all_heads' }), person({ isHead: true }), now)).toBe(true);
    expect(grantMatches(grant({ audience: 'all_heads' }), person(), now)).toBe(false);
  });
  it('by_head: people whose chief is listed', () => {
    expect(grantMatches(grant({ audience: 'by_head', heads: ['boss'] }), person(), now)).toBe(true);
    expect(grantMatches(grant({ audience: 'by_head', heads: ['other'] }), person(), now)).toBe(false);
    expect(grantMatches(grant({ audience: 'by_head', heads: ['boss'] }), person({ chief: null }), now)).toBe(false);
  });
  it('by_name: full name or position, without case', () => {
    expect(grantMatches(grant({ audience: 'by_name', values: ['anna kowalski'] }), person(), now)).toBe(true);
    expect(grantMatches(grant({ audience: 'by_name', values: ['PRODUCT DESIGNER'] }), person(), now)).toBe(true);
    expect(grantMatches(grant({ audience: 'by_name', values: ['Engineer'] }), person(), now)).toBe(false);
    expect(grantMatches(grant({ audience: 'by_name', values: [''] }), person({ position: '' }), now)).toBe(false);
  });
  it('by_department', () => {
    expect(grantMatches(grant({ audience: 'by_department', departments: ['product'] }), person(), now)).toBe(true);
    expect(grantMatches(grant({ audience: 'by_department', departments: ['Sales'] }), person(), now)).toBe(false);
    expect(grantMatches(grant({ audience: 'by_department', departments: [''] }), person({ department: '' }), now)).toBe(
      false,
    );
  });
  it('by_city', () => {
    expect(grantMatches(grant({ audience: 'by_city', cities: ['Berlin', 'Oslo'] }), person(), now)).toBe(true);
    expect(grantMatches(grant({ audience: 'by_city', cities: ['Oslo'] }), person(), now)).toBe(false);
  });
  it('by_working_time: tenure in months, bounds inclusive, unknown start never matches', () => {
    expect(tenureMonths('2024-11-21', now)).toBe(24);
    expect(tenureMonths('2024-11-22', now)).toBe(23);
    expect(grantMatches(grant({ audience: 'by_working_time', minMonths: 24 }), person(), now)).toBe(true);
    expect(grantMatches(grant({ audience: 'by_working_time', minMonths: 25 }), person(), now)).toBe(false);
    expect(
      grantMatches(grant({ audience: 'by_working_time', maxMonths: 3 }), person({ workingSince: '2026-10-01' }), now),
    ).toBe(true);
    expect(
      grantMatches(grant({ audience: 'by_working_time', minMonths: 0 }), person({ workingSince: null }), now),
    ).toBe(false);
  });
  it('manual: listed user ids', () => {
    expect(grantMatches(grant({ audience: 'manual', users: ['u1'] }), person(), now)).toBe(true);
    expect(grantMatches(grant({ audience: 'manual', users: ['u2'] }), person(), now)).toBe(false);
  });
});

describe('evaluateGrants', () => {
  it('gives none without a matching grant', () => {
    expect(evaluateGrants([], person(), now)).toBe('none');
    expect(evaluateGrants([grant({ audience: 'by_city', cities: ['Oslo'] })], person(), now)).toBe('none');
  });
  it('lets a more specific audience decide over a broader one', () => {
    const grants = [
      grant({ audience: 'all', level: 'read' }),
      grant({ audience: 'manual', users: ['u1'], level: 'write' }),
    ];
    expect(evaluateGrants(grants, person(), now)).toBe('write');
    expect(evaluateGrants(grants, person({ id: 'u2' }), now)).toBe('read');
    const exclusion = [
      grant({ audience: 'all', level: 'write' }),
      grant({ audience: 'by_department', departments: ['Product'], level: 'none' }),
    ];
    expect(evaluateGrants(exclusion, person(), now)).toBe('none');
    const onlyOne = [
      grant({ audience: 'all', level: 'none' }),
      grant({ audience: 'manual', users: ['u1'], level: 'read' }),
    ];
    expect(evaluateGrants(onlyOne, person(), now)).toBe('read');
  });
  it('takes the higher level between equally specific audiences', () => {
    const grants = [
      grant({ audience: 'by_city', cities: ['Berlin'], level: 'read' }),
      grant({ audience: 'by_city', cities: ['Berlin'], level: 'write' }),
    ];
    expect(evaluateGrants(grants, person(), now)).toBe('write');
  });
});
