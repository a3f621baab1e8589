import type { UserListItem, UsersPage } from '@hallway/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../groups/testing';
import * as profileApi from '../profile/api';
import { AllEmployeesTab } from './AllEmployeesTab';
import * as api from './api';

afterEach(() => vi.restoreAllMocks());

const person = (id: string, firstName: string, lastName: string, status: UserListItem['status']) =>
  ({
    _id: id,
    client_id: 'c1',
    login: firstName.toLowerCase(),
    email: `${firstName.toLowerCase()}@example.test`,
    roles: [],
    firstName,
    middleName: '',
    lastName,
    fullName: `${firstName} ${lastName}`,
    birthDate: null,
    phone: '',
    internalPhone: '',
    position: 'Clerk',
    department: 'Finance',
    city: '',
    telegram: '',
    statusText: '',
    avatar: null,
    pics: [],
    chief: null,
    workingSince: null,
    gender: 'not selected',
    pinned_num: null,
    deletion_mark: status !== 'active' && status !== 'invited',
    status,
    last_sign_in: null,
    from_hrm: false,
  }) as UserListItem;

const PEOPLE = [
  person('u1', 'Anna', 'Active', 'active'),
  person('u2', 'Ines', 'Invited', 'invited'),
  person('u3', 'Olga', 'Other', 'active'),
];

function setup(people = PEOPLE) {
  const filter = vi
    .spyOn(profileApi, 'filterUsers')
    .mockResolvedValue({ result: people, total: people.length } satisfies UsersPage);
  renderWithSession(<AllEmployeesTab />, { isAdmin: true } as never);
  return { filter, user: userEvent.setup({ delay: null }) };
}

describe('bulk actions of the employees list', () => {
  it('selects rows by their labelled checkboxes (and by keyboard) and blocks them in one call, listing refusals', async () => {
    const bulk = vi.spyOn(api, 'bulkUsers').mockResolvedValue([
      { _id: 'u1', ok: true },
      { _id: 'u2', ok: false, code: 'cannot_delete_admin' },
    ]);
    const { user } = setup();
    await screen.findAllByTestId('employee-row');
    expect(screen.queryByRole('toolbar', { name: 'Actions on the selected people' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select Anna Active' }));
    // The keyboard alone: focus the next box and press Space.
    screen.getByRole('checkbox', { name: 'Select Ines Invited' }).focus();
    await user.keyboard(' ');
    const bar = screen.getByRole('toolbar', { name: 'Actions on the selected people' });
    expect(within(bar).getByText('Selected: 2')).toBeTruthy();
    const all = screen.getByRole('checkbox', { name: 'Select everyone on this page' }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);

    await user.click(within(bar).getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block the selected people?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(bulk).toHaveBeenCalledWith({ action: 'block', ids: ['u1', 'u2'] }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not done for 1:');
    expect(alert.textContent).toContain('Ines Invited: You cannot delete another administrator');
    // The refused person stays selected for another try.
    expect(within(bar).getByText('Selected: 1')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select Ines Invited' }) as HTMLInputElement).checked).toBe(true);
  });

  it('selects the whole page at once; resends invitations only to the invited; gives a role', async () => {
    const bulk = vi
      .spyOn(api, 'bulkUsers')
      .mockImplementation(async (body) => body.ids.map((id) => ({ _id: id, ok: true })));
    const { user } = setup();
    await screen.findAllByTestId('employee-row');
    await user.click(screen.getByRole('checkbox', { name: 'Select everyone on this page' }));
    const bar = screen.getByRole('toolbar', { name: 'Actions on the selected people' });
    expect(within(bar).getByText('Selected: 3')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Resend invitations' }));
    await waitFor(() => expect(bulk).toHaveBeenCalledWith({ action: 'resend_invitation', ids: ['u2'] }));
    await waitFor(() => expect(screen.queryByRole('toolbar')).toBeNull());

    await user.click(screen.getByRole('checkbox', { name: 'Select Olga Other' }));
    await user.click(screen.getByRole('button', { name: 'Roles' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Give a role: HR manager' }));
    await waitFor(() => expect(bulk).toHaveBeenCalledWith({ action: 'grant_role', ids: ['u3'], role: 'hr' }));
  });

  it('shows pending registrations with Approve and Decline', async () => {
    const bulk = vi
      .spyOn(api, 'bulkUsers')
      .mockImplementation(async (body) => body.ids.map((id) => ({ _id: id, ok: true })));
    const { user, filter } = setup([person('u9', 'Pia', 'Pending', 'pending')]);
    await user.click(screen.getByRole('switch', { name: 'Pending registrations' }));
    await waitFor(() =>
      expect(filter).toHaveBeenLastCalledWith('demo', expect.objectContaining({ pending: true }), expect.anything()),
    );
    const [row] = await screen.findAllByTestId('employee-row');
    expect(within(row).getByText('Pending')).toBeTruthy();
    await user.click(within(row).getByRole('checkbox', { name: 'Select Pia Pending' }));
    const bar = screen.getByRole('toolbar', { name: 'Actions on the selected people' });
    expect(within(bar).queryByRole('button', { name: 'Block' })).toBeNull();
    await user.click(within(bar).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(bulk).toHaveBeenCalledWith({ action: 'approve', ids: ['u9'] }));
  });
});
