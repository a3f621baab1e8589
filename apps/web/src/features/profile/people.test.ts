import type { UserDto, UserListItem } from '@hallway/shared';
import { describe, expect, it } from 'vitest';
import { registry } from '../../app/modules';
import { translationProblems } from '../../i18n/feature';
import { byMonth, localDate } from '../birthdays/months';
import { contactLinks, phoneLink, telegramLink } from './contacts';
import { safeLink } from './media';
import { visibleTabs } from './tabs';
import { peopleTexts } from './texts';
import { asListRow } from './usePersonSaver';

describe('people texts', () => {
  it('are complete in ru, uk and en, with the same placeholders', () => {
    expect(translationProblems(peopleTexts)).toEqual([]);
  });
});

describe('links', () => {
  it('makes anchors of web links only', () => {
    expect(safeLink('https://linkedin.com/in/ann')).toBe('https://linkedin.com/in/ann');
    expect(safeLink(' http://example.com ')).toBe('http://example.com');
    expect(safeLink('javascript:alert(1)')).toBeNull();
    expect(safeLink('example.com')).toBeNull();
    expect(safeLink('')).toBeNull();
  });

  it('builds mail, phone and Telegram actions from what a person filled in', () => {
    expect(contactLinks({ email: 'ann@example.com', phone: '+49 (30) 123-45', telegram: '@ann_k' })).toEqual({
      mail: 'mailto:ann@example.com',
      phone: 'tel:+493012345',
      telegram: 'https://t.me/ann_k',
    });
    expect(contactLinks({ email: 'not an email', phone: '12', telegram: 'a b' })).toEqual({
      mail: null,
      phone: null,
      telegram: null,
    });
    expect(telegramLink('https://t.me/hallway_team/')).toBe('https://t.me/hallway_team');
    expect(telegramLink('t.me/ok_name')).toBe('https://t.me/ok_name');
    expect(phoneLink('030 1234')).toBe('tel:0301234');
  });
});

describe('birthdays by month', () => {
  it('splits the list by the month it is celebrated in, keeping the order', () => {
    const person = (date: string, name: string) => ({
      _id: name,
      name,
      avatar: null,
      position: '',
      department: '',
      birthday: date.slice(5),
      date,
      today: false,
    });
    const months = byMonth([person('2026-12-05', 'A'), person('2026-12-31', 'B'), person('2027-01-02', 'C')]);
    expect(months.map((m) => [m.month, m.people.map((p) => p.name)])).toEqual([
      ['2026-12', ['A', 'B']],
      ['2027-01', ['C']],
    ]);
    expect(byMonth([])).toEqual([]);
  });

  it('sends the reader’s local date', () => {
    expect(localDate(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});

describe('profile tabs', () => {
  const keys = (person: Partial<UserDto>, mode: 'view' | 'edit', own = false) =>
    visibleTabs(registry.profileTabs, person as UserDto, { mode, own }).map((tab) => tab.key);

  it('shows HR data and HR files only when the server sent them', () => {
    expect(keys({}, 'view')).not.toContain('hrData');
    expect(keys({}, 'view')).not.toContain('hrFiles');
    expect(keys({ hrData: {}, files: [] }, 'view')).toEqual(expect.arrayContaining(['hrData', 'hrFiles']));
  });

  it('keeps the forms for the edit mode, notifications on one’s own page only', () => {
    const forms = registry.profileTabs.filter((tab) => tab.mode === 'edit').map((tab) => tab.key);
    expect(forms).toEqual(['main', 'extra', 'social', 'contacts']);
    expect(keys({ hrData: {} }, 'edit', true)).toEqual(forms);
    expect(keys({}, 'view', true)).toContain('notifications');
    expect(keys({}, 'view')).not.toContain('notifications');
  });
});

describe('a saved person in the start-up list', () => {
  it('takes the fresh values of the row’s own fields and gains no profile-only field', () => {
    const row = { _id: 'u1', firstName: 'Anna', position: 'Analyst', followers: ['u2'] } as unknown as UserListItem;
    const person = {
      _id: 'u1',
      firstName: 'Anne',
      position: 'Lead analyst',
      followers: ['u2', 'u3'],
      rights: { wall: true },
      about: 'Long text',
    } as unknown as UserDto;
    expect(asListRow(row, person)).toEqual({
      _id: 'u1',
      firstName: 'Anne',
      position: 'Lead analyst',
      followers: ['u2', 'u3'],
    });
  });
});
