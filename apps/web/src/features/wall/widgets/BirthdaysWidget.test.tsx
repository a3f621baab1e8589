import type { BirthdayDto } from '@hallway/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as api from '../api';
import { CLIENT, renderWall } from '../testing';
import { BirthdaysWidget, localDate } from './BirthdaysWidget';

const people = (count: number): BirthdayDto[] =>
  Array.from({ length: count }, (_, i) => ({
    _id: `01a1fe5d-0000-7000-8000-0000000001${String(i).padStart(2, '0')}`,
    name: `Person ${i + 1}`,
    avatar: null,
    position: 'Engineer',
    department: 'R&D',
    birthday: '12-31',
    date: localDate(),
    today: true,
  }));

describe('BirthdaysWidget', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists a handful without an inner scrollbar', async () => {
    vi.spyOn(api, 'fetchBirthdays').mockResolvedValue(people(5));
    const { container } = renderWall(<BirthdaysWidget clientId={CLIENT} enabled />);
    expect(await screen.findByText('Person 5')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(container.querySelector('.mantine-ScrollArea-root')).toBeNull();
    expect(screen.queryByRole('link', { name: /All birthdays/ })).toBeNull();
  });

  it('shows the first ones and leads to the birthdays page for the rest', async () => {
    vi.spyOn(api, 'fetchBirthdays').mockResolvedValue(people(9));
    renderWall(<BirthdaysWidget clientId={CLIENT} enabled />);
    expect(await screen.findByText('Person 6')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    expect(screen.queryByText('Person 7')).toBeNull();
    expect(screen.getByRole('link', { name: 'All birthdays (9)' }).getAttribute('href')).toBe('/birthdays');
  });
});
