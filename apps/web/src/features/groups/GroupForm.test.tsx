import type { CreateGroupBody, GroupDetailDto } from '@hallway/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import * as api from './api';
import { CreateGroupModal } from './GroupForm';
import { renderWithSession } from './testing';

function setup() {
  const created: GroupDetailDto[] = [];
  const utils = renderWithSession(
    <CreateGroupModal opened onClose={() => {}} onCreated={(group) => created.push(group)} />,
  );
  return { ...utils, created, user: userEvent.setup({ delay: null }) };
}

describe('CreateGroupModal', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses an empty form inline: name and description required', async () => {
    const create = vi.spyOn(api, 'createGroup');
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    expect(screen.getAllByText('Field is required')).toHaveLength(2);
    expect(create).not.toHaveBeenCalled();
  });

  it('starts as a public group, and says in the list what each type means', async () => {
    const create = vi
      .spyOn(api, 'createGroup')
      .mockImplementation(async (body) => ({ _id: 'g1', ...body }) as unknown as GroupDetailDto);
    const { user, created } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Runners');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Morning runs by the river');
    const type = screen.getAllByLabelText(/^Type/)[0];
    expect(type).toHaveProperty('value', 'Public');
    expect(screen.getByText('Anyone can find it and join at once.')).toBeTruthy();
    await user.click(type);
    await screen.findByRole('option', { name: /^Closed/ });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'PublicAnyone can find it and join at once.',
      'ClosedAnyone can find it; joining needs an administrator’s approval or an invitation.',
      'PrivateInvisible to non-members; joining by invitation only.',
    ]);
    await user.click(type);
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect((create.mock.calls[0][0] as CreateGroupBody).type).toBe('public');
  });

  it('counts the name near its limit of 50 and refuses a longer one', async () => {
    const { user } = setup();
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.click(name);
    await user.paste('x'.repeat(39));
    expect(screen.queryByTestId('length-counter')).toBeNull();
    await user.type(name, 'x');
    expect(screen.getByTestId('length-counter').textContent).toBe('40/50');
    await user.paste('x'.repeat(11));
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    expect(screen.getByText('At most 50 characters')).toBeTruthy();
    expect(screen.getByTestId('length-counter').textContent).toBe('51/50');
  });

  it('sends the group and shows a refusal of the server on its field, in the person’s language', async () => {
    const create = vi
      .spyOn(api, 'createGroup')
      .mockRejectedValueOnce(
        new ApiError(400, {
          message: 'Choose the group type',
          code: 'validation',
          fields: { type: 'group_type_required' },
        }),
      )
      .mockImplementationOnce(async (body) => ({ _id: 'g1', ...body }) as unknown as GroupDetailDto);
    const { user, created } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Runners');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Morning runs by the river');
    await user.click(screen.getAllByLabelText(/^Type/)[0]);
    await user.click(screen.getByRole('option', { name: /^Closed/ }));
    expect(screen.getByText(/approval or an invitation/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(screen.getByText('Choose the group type')).toBeTruthy());
    expect(created).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(created).toHaveLength(1));
    const body = create.mock.calls[1][0] as CreateGroupBody;
    expect(body).toEqual({
      name: 'Runners',
      description: 'Morning runs by the river',
      type: 'closed',
      cover: null,
      avatar: null,
    });
  });
});
