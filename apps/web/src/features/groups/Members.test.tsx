import type { GroupDetailDto } from '@hallway/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as api from './api';
import { MembersTab } from './Members';
import { ME, renderWithSession, TOM } from './testing';

const GROUP = '01a1fe5d-0000-7000-8000-0000000000a1';
const anna = { _id: ME, name: 'Anna Kowalski', login: 'anna', avatar: null, position: 'Product Designer' };

function group(can: Partial<GroupDetailDto['can']> = {}): GroupDetailDto {
  return {
    _id: GROUP,
    name: 'Climbers',
    description: 'Bouldering on Thursdays',
    type: 'closed',
    kind: 'group',
    project: null,
    cover: null,
    avatar: null,
    owner: anna,
    membersCount: 1,
    created: '2026-02-01T10:00:00.000Z',
    membership: { role: 'owner', follow: 'all', requested: false, invited: false },
    can: {
      read: true,
      post: true,
      edit: false,
      delete: false,
      join: false,
      request: false,
      cancelRequest: false,
      answerInvitation: false,
      leave: false,
      invite: true,
      manage: false,
      changeOwner: false,
      follow: false,
      ...can,
    },
    admins: [],
    grants: [],
    userGrants: [],
    requestsCount: 0,
    invitationsCount: 0,
  } as GroupDetailDto;
}

function setup(detail: GroupDetailDto) {
  vi.spyOn(api, 'fetchMembers').mockResolvedValue({
    result: [
      {
        user: anna,
        role: 'owner',
        joined: '2026-02-01T10:00:00.000Z',
        can: { toggleAdmin: false, remove: false, makeOwner: false },
      },
    ],
    page: 0,
    pages: 1,
    total: 1,
  });
  const invite = vi.spyOn(api, 'invite').mockImplementation(async () => detail);
  renderWithSession(<MembersTab group={detail} />);
  return { invite, user: userEvent.setup({ delay: null }) };
}

describe('MembersTab', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers "Invite people" to who may invite, with the same invitation as the requests tab', async () => {
    const { invite, user } = setup(group());
    expect(await screen.findByRole('listitem', { name: 'Anna Kowalski' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Invite people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite people' });
    expect(within(dialog).getByRole('button', { name: 'Invite' })).toHaveProperty('disabled', true);
    const picker = screen.getAllByLabelText('Invite people').find((element) => element.tagName === 'INPUT')!;
    await user.type(picker, 'Tom');
    await user.click(await screen.findByRole('option', { name: /Tom Becker/ }));
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(invite).toHaveBeenCalledWith(GROUP, [TOM]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite people' })).toBeNull());
  });

  it('shows no invitation to a member who may not invite', async () => {
    setup(group({ invite: false }));
    expect(await screen.findByRole('listitem', { name: 'Anna Kowalski' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite people' })).toBeNull();
  });

  it('writes the day a member joined as the date fields do, never as 2/1/2026', async () => {
    setup(group());
    const member = await screen.findByRole('listitem', { name: 'Anna Kowalski' });
    expect(within(member).getByText(/1 Feb 2026/)).toBeTruthy();
  });
});
