import type { UserDto, UserListItem, UsersPage } from '@hallway/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../groups/testing';
import * as api from '../profile/api';
import { AllEmployeesTab } from './AllEmployeesTab';
import { ImportModal } from './ImportModal';

afterEach(() => vi.restoreAllMocks());

const row = (fields: Partial<UserListItem>) =>
  ({
    client_id: 'c1',
    roles: [],
    middleName: '',
    birthDate: null,
    phone: '',
    internalPhone: '',
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
    deletion_mark: false,
    from_hrm: false,
    ...fields,
  }) as UserListItem;

const SIGNED_IN = '2026-03-04T09:30:00.000Z';
const PEOPLE = [
  row({
    _id: 'u1',
    login: 'anna',
    email: 'anna@example.test',
    firstName: 'Anna',
    lastName: 'Active',
    fullName: 'Anna Active',
    position: 'Accountant',
    status: 'active',
    last_sign_in: SIGNED_IN,
  }),
  row({
    _id: 'u2',
    login: 'ines@example.test',
    email: 'ines@example.test',
    firstName: 'Ines',
    lastName: 'Invited',
    fullName: 'Ines Invited',
    position: 'Designer',
    status: 'invited',
    last_sign_in: null,
  }),
];

function setup() {
  const filter = vi
    .spyOn(api, 'filterUsers')
    .mockResolvedValue({ result: PEOPLE, total: PEOPLE.length } satisfies UsersPage);
  renderWithSession(<AllEmployeesTab />, { isAdmin: true } as never);
  return { filter, user: userEvent.setup({ delay: null }) };
}

describe('the employees table', () => {
  it('shows each person’s status and last sign-in in their own columns', async () => {
    setup();
    const rows = await screen.findAllByTestId('employee-row');
    expect(screen.getByRole('columnheader', { name: 'Status' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Last sign-in' })).toBeTruthy();
    const [anna, ines] = rows;
    expect(within(anna).getByText('Active')).toBeTruthy();
    const when = within(anna).getByText(
      new Date(SIGNED_IN).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' }),
    );
    expect(when.getAttribute('datetime')).toBe(SIGNED_IN);
    expect(within(ines).getByText('Invited')).toBeTruthy();
    expect(within(ines).getByText('Never')).toBeTruthy();
  });

  it('sends an invitation again from the row menu of someone invited, and only theirs', async () => {
    const resend = vi
      .spyOn(api, 'resendInvitation')
      .mockResolvedValue({ _id: 'u2', email: 'ines@example.test' } as UserDto);
    const { user } = setup();
    await screen.findAllByTestId('employee-row');
    await user.click(screen.getByRole('button', { name: 'Actions for Anna Active' }));
    expect(await screen.findByRole('menuitem', { name: 'Export to xlsx' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Send the invitation again' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for Ines Invited' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Send the invitation again' }));
    await waitFor(() => expect(resend).toHaveBeenCalledWith('u2'));
  });

  it('shows an e-mail address whole: it wraps only after the "@", each part shortened, never broken mid-word', async () => {
    setup();
    const [anna] = await screen.findAllByTestId('employee-row');
    const address = within(anna).getByTitle('anna@example.test');
    const parts = [...address.querySelectorAll('span')];
    expect(parts.map((part) => part.textContent)).toEqual(['anna@', 'example.test']);
    expect(address.querySelector('wbr')?.previousElementSibling).toBe(parts[0]);
    for (const part of parts) {
      expect(part.style.whiteSpace).toBe('nowrap');
      expect(part.style.textOverflow).toBe('ellipsis');
    }
    // Nothing around it lets the address break anywhere.
    for (let box: HTMLElement | null = address; box && box !== anna; box = box.parentElement) {
      expect(box.style.overflowWrap).not.toBe('anywhere');
      expect(box.style.wordBreak).not.toBe('break-all');
    }
  });

  it('opens the invitation form from its own button', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Invite by e-mail' }));
    expect(await screen.findByRole('dialog', { name: 'Invite by e-mail' })).toBeTruthy();
  });
});

describe('the import dialog', () => {
  it('downloads the import template', async () => {
    const download = vi.spyOn(api, 'downloadExport').mockResolvedValue('employees-import-template.xlsx');
    renderWithSession(<ImportModal kind="import" opened onClose={() => {}} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Download template' }));
    expect(download).toHaveBeenCalledWith('/api/user/import/template', 'employees-import-template.xlsx', 'GET');
  });

  it('offers no template for an HR-system file, which has its own columns', () => {
    renderWithSession(<ImportModal kind="hrm" opened onClose={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Download template' })).toBeNull();
  });
});
