import type { ShopItemDto, ShopSettingsDto } from '@hallway/shared/shop';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { CLIENT, ME, renderWithSession } from '../groups/testing';
import { AccrualForm } from './AccrualForm';
import * as api from './api';
import ShopPage from './ShopPage';

const settings = (can: Partial<ShopSettingsDto['can']> = {}): ShopSettingsDto => ({
  _id: CLIENT,
  client_id: CLIENT,
  name: 'Hallway Store',
  coin: 'Thanks',
  coin_short: 'TH',
  description: 'Spend your thanks',
  pic: null,
  managers: [],
  can: { buy: true, manage: false, settings: false, ...can },
});

const item = (overrides: Partial<ShopItemDto> = {}): ShopItemDto => ({
  _id: '01a1fe5d-0000-7000-8000-0000000000e1',
  name: 'Hoodie',
  description: 'Soft and grey',
  cost: 300,
  start_amount: 10,
  amount: 10,
  rest: 4,
  sales: 6,
  pics: [],
  sort: 0,
  created: '2026-11-01T10:00:00.000Z',
  can: { buy: true, edit: false, delete: false, add: false },
  ...overrides,
});

const page = (path = '/shop/') =>
  renderWithSession(
    <Routes>
      <Route path="/shop" element={<ShopPage />} />
      <Route path="/shop/:tab" element={<ShopPage />} />
    </Routes>,
    {},
    path,
  );

describe('ShopPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.spyOn(api, 'fetchSettings').mockResolvedValue(settings());
    vi.spyOn(api, 'fetchBalance').mockResolvedValue({ amount: 1250, earned: 1500, spent: 250, ach: [] });
    vi.spyOn(api, 'fetchItems').mockResolvedValue([
      item(),
      item({ _id: '01a1fe5d-0000-7000-8000-0000000000e2', name: 'Mug', cost: 50, rest: 0 }),
    ]);
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the items with their price and stock, the balance, and no manager tabs to an employee', async () => {
    page();
    const hoodie = await screen.findByRole('article', { name: 'Hoodie' });
    expect(within(hoodie).getByText(/300\sTH/)).toBeTruthy();
    expect(within(hoodie).getByText('Left: 4')).toBeTruthy();
    const mug = screen.getByRole('article', { name: 'Mug' });
    expect(within(mug).getAllByText('Sold out').length).toBeGreaterThan(0);
    expect((within(mug).getByRole('button', { name: 'Buy Mug' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText(/1,250\sTH/)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Balance' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Statistics' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Settings' })).toBeNull();
  });

  it('buys after a confirmation with a request id made once per dialog, and the rest follows', async () => {
    const buy = vi.spyOn(api, 'buy').mockResolvedValue({
      purchase: {} as never,
      balance: 950,
      rest: 3,
    });
    page();
    await userEvent.click(await screen.findByRole('button', { name: 'Buy Hoodie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy this item?' });
    expect(within(dialog).getByText(/Buy «Hoodie» for 300\sTH\? You will have 950\sTH left/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(buy).toHaveBeenCalledTimes(1));
    expect(buy.mock.calls[0][0]).toBe('01a1fe5d-0000-7000-8000-0000000000e1');
    expect(await within(screen.getByRole('article', { name: 'Hoodie' })).findByText('Left: 3')).toBeTruthy();
    // Pressed twice in the dialog's life, the same request id went out (the server answers the same purchase).
    expect(buy.mock.calls[0][1]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the server's refusal in the person's language and keeps the dialog open", async () => {
    vi.spyOn(api, 'buy').mockRejectedValue(
      new ApiError(409, { code: 'not_enough_coins', message: 'Not enough coins for this item' }),
    );
    page();
    await userEvent.click(await screen.findByRole('button', { name: 'Buy Hoodie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy this item?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buy' }));
    expect(await within(dialog).findByText('Not enough coins for this item')).toBeTruthy();
  });

  it('shows a manager the statistics tab and an administrator the settings', async () => {
    vi.mocked(api.fetchSettings).mockResolvedValue(settings({ manage: true, settings: true }));
    vi.spyOn(api, 'fetchStats').mockResolvedValue({
      earned: 1500,
      spent: 600,
      purchases: 3,
      held: 900,
      series: [
        { start: '2026-11-02', earned: 1000, spent: 300 },
        { start: '2026-11-09', earned: 500, spent: 300 },
      ],
      top_items: [{ item: { _id: 'i1', name: 'Hoodie' }, count: 2, coins: 600 }],
      top_earners: [{ user: { _id: ME, name: 'Maria Lopez', avatar: null, position: 'Office Manager' }, earned: 1000 }],
    });
    page('/shop/stats');
    expect(await screen.findByText('Held now')).toBeTruthy();
    expect(screen.getByText(/1,500\sTH/)).toBeTruthy();
    expect(screen.getByText('Maria Lopez')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Settings' })).toBeTruthy();
  });
});

describe('AccrualForm', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for coins or an achievement before sending', async () => {
    vi.spyOn(api, 'fetchAchievements').mockResolvedValue([]);
    const accrue = vi.spyOn(api, 'accrue');
    renderWithSession(<AccrualForm preset={{ who: ME }} onClose={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reward' }));
    expect(await screen.findByText('Give coins, an achievement or both')).toBeTruthy();
    expect(accrue).not.toHaveBeenCalled();
  });
});
