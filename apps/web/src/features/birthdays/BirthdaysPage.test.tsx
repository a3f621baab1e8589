import type { AnniversaryDto, BirthdayDto } from '@hallway/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../app/session/context';
import { SessionContext } from '../../app/session/context';
import { buildTheme } from '../../app/theme';
import * as api from '../profile/api';
import BirthdaysPage from './BirthdaysPage';
import { localDate } from './months';

const CLIENT = '01a1fe5d-0000-7000-8000-0000000000c1';
const inDays = (days: number) => {
  const at = new Date();
  at.setDate(at.getDate() + days);
  return localDate(at);
};
const birthday = (id: string, name: string, date: string): BirthdayDto => ({
  _id: id,
  name,
  avatar: null,
  position: 'Engineer',
  department: 'R&D',
  birthday: date.slice(5),
  date,
  today: date === localDate(),
});
const anniversary = (id: string, name: string, date: string, years: number): AnniversaryDto => ({
  _id: id,
  name,
  avatar: null,
  position: 'Accountant',
  department: 'Finance',
  since: `${Number(date.slice(0, 4)) - years}${date.slice(4)}`,
  years,
  date,
  today: date === localDate(),
});

/** Where "Congratulate" led, and what it carried. */
function WallProbe() {
  const location = useLocation();
  return <output aria-label="wall">{JSON.stringify(location.state)}</output>;
}

function renderPage(wall = true) {
  const session = {
    client: { _id: CLIENT, workspace: 'demo' },
    hasFeature: (feature: string) => wall || feature !== 'wall',
    can: () => true,
  } as unknown as Session;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SessionContext.Provider value={session}>
        <MantineProvider theme={buildTheme(null)} env="test">
          <MemoryRouter initialEntries={['/birthdays']}>
            <Routes>
              <Route path="/birthdays" element={<BirthdaysPage />} />
              <Route path="/company" element={<WallProbe />} />
            </Routes>
          </MemoryRouter>
        </MantineProvider>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}

describe('BirthdaysPage', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('puts today’s birthdays and anniversaries first, filters by kind and congratulates on the wall', async () => {
    const ids = ['01a1fe5d-0000-7000-8000-000000000301', '01a1fe5d-0000-7000-8000-000000000302'];
    vi.spyOn(api, 'fetchBirthdays').mockResolvedValue([
      birthday(ids[0], 'Bella Today', localDate()),
      birthday('01a1fe5d-0000-7000-8000-000000000303', 'Carl Later', inDays(3)),
    ]);
    vi.spyOn(api, 'fetchAnniversaries').mockResolvedValue([anniversary(ids[1], 'Tara Quinn', localDate(), 5)]);
    renderPage();
    const today = await screen.findByRole('region', { name: 'Today' });
    const cards = within(today).getAllByRole('listitem');
    expect(cards.map((card) => card.getAttribute('data-kind'))).toEqual(['birthday', 'anniversary']);
    expect(cards.every((card) => card.getAttribute('aria-current') === 'date')).toBe(true);
    expect(within(cards[1]).getByText('5 years at the company')).toBeTruthy();
    expect(within(cards[1]).getByRole('img', { name: 'Work anniversary' })).toBeTruthy();
    expect(screen.getByText('Carl Later').closest('li')?.getAttribute('aria-current')).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Congratulate/ })).toHaveLength(2);

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('radio', { name: 'Work anniversaries' }));
    expect(screen.queryByText('Bella Today')).toBeNull();
    expect(screen.queryByText('Carl Later')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Congratulate Tara Quinn' }));
    const state = JSON.parse((await screen.findByRole('status', { name: 'wall' })).textContent ?? '');
    expect(state).toEqual({
      congratulate: { personId: ids[1], name: 'Tara Quinn', occasion: 'anniversary', years: 5 },
    });
  });

  it('offers no "Congratulate" when the wall is off, and says when nobody celebrates', async () => {
    vi.spyOn(api, 'fetchBirthdays').mockResolvedValue([
      birthday('01a1fe5d-0000-7000-8000-000000000301', 'Bella Today', localDate()),
    ]);
    vi.spyOn(api, 'fetchAnniversaries').mockResolvedValue([]);
    renderPage(false);
    expect(await screen.findByText('Bella Today')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Congratulate/ })).toBeNull();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('radio', { name: 'Work anniversaries' }));
    expect(screen.getByText('No birthdays soon')).toBeTruthy();
  });
});
