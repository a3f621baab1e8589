import type { UserDto } from '@hallway/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { renderWithSession } from '../groups/testing';
import * as api from '../profile/api';
import { InviteModal } from './InviteModal';

afterEach(() => vi.restoreAllMocks());

function open() {
  const onClose = vi.fn();
  const { client } = renderWithSession(<InviteModal opened onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Invite by e-mail' });
  return { dialog, client, onClose, user: userEvent.setup({ delay: null }) };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });

describe('InviteModal', () => {
  it('asks for a name and an e-mail only, never a password, and sends the invitation', async () => {
    const invite = vi
      .spyOn(api, 'inviteEmployee')
      .mockImplementation(async (body) => ({ ...body, _id: 'u9', status: 'invited' }) as unknown as UserDto);
    const { dialog, client, onClose, user } = open();
    const refresh = vi.spyOn(client, 'invalidateQueries');
    expect(dialog.querySelector('input[type="password"]')).toBeNull();
    await user.type(field(/First name/), ' Ines ');
    await user.type(field(/Last name/), 'Invited');
    await user.type(field(/E-mail/), 'ines@example.test');
    await user.type(field(/Position/), 'Designer');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    // The people lists are read again: the invited person shows there.
    await waitFor(() => expect(refresh).toHaveBeenCalledWith({ queryKey: ['people'] }));
    expect(invite).toHaveBeenCalledWith({
      firstName: 'Ines',
      lastName: 'Invited',
      email: 'ines@example.test',
      position: 'Designer',
    });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('keeps an incomplete form from being sent', async () => {
    const invite = vi.spyOn(api, 'inviteEmployee');
    const { user } = open();
    await user.type(field(/E-mail/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findAllByText('Field is required')).toHaveLength(2);
    expect(screen.getByText('Enter a valid e-mail')).toBeTruthy();
    expect(invite).not.toHaveBeenCalled();
  });

  it('shows a taken e-mail on the e-mail field and stays open', async () => {
    vi.spyOn(api, 'inviteEmployee').mockRejectedValue(
      new ApiError(409, {
        message: 'This e-mail is already registered',
        code: 'email_taken',
        fields: { email: 'email_taken' },
      }),
    );
    const { onClose, user } = open();
    await user.type(field(/First name/), 'Eve');
    await user.type(field(/Last name/), 'Again');
    await user.type(field(/E-mail/), 'eve@example.test');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('This e-mail is already registered')).toBeTruthy();
    expect(field(/E-mail/).getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
  });
});
