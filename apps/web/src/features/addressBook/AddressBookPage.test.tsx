import type { UserListItem, UsersPage } from '@hallway/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../groups/testing';
import * as api from '../profile/api';
import AddressBookPage from './AddressBookPage';

afterEach(() => vi.restoreAllMocks());

/** The list renders in a background render: on a busy machine it takes more than the default second. */
const SLOW = { timeout: 10_000 };

const lukas = {
  _id: 'u2',
  client_id: 'c1',
  login: 'lukas',
  firstName: 'Lukas',
  lastName: 'Schmidt',
  middleName: '',
  position: 'Engineering Manager',
  roles: [],
  avatar: null,
  pics: [],
  pinned_num: null,
  deletion_mark: false,
} as unknown as UserListItem;

const page = (pin: boolean): UsersPage => ({ result: [lukas], total: 1, can: { pin } });

describe('the address book', { timeout: 20_000 }, () => {
  it("offers pinning as the page's can.pin says, not the session's role", async () => {
    vi.spyOn(api, 'fetchUserFilters').mockResolvedValue({ departments: [], cities: [] });
    const filter = vi.spyOn(api, 'filterUsers').mockResolvedValue(page(false));
    // An administrator's session, and a server that allows no pins.
    const { unmount } = renderWithSession(<AddressBookPage />, { isAdmin: true, hasFeature: () => false });
    expect(await screen.findByText('Engineering Manager', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pin/ })).toBeNull();
    unmount();
    filter.mockResolvedValue(page(true));
    renderWithSession(<AddressBookPage />, { isAdmin: false, hasFeature: () => false });
    expect(await screen.findByRole('button', { name: /^Pin/ }, SLOW)).toBeTruthy();
  });
});
