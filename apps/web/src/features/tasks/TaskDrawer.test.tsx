import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import * as api from './api';
import { TaskDrawer } from './TaskDrawer';
import { DESK_ID, makeTask, renderWithSession, taskId } from './testing';

const drawer = () => <TaskDrawer taskId={taskId(1)} deskId={DESK_ID} onClose={() => undefined} />;

describe('TaskDrawer', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.spyOn(api, 'fetchTask').mockResolvedValue(
      makeTask({ period_start: '2026-04-10', period_end: '2026-04-20', tags: ['launch'] }),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the card with its fields, history and a named close button', async () => {
    renderWithSession(drawer());
    const dialog = await screen.findByRole('dialog', { name: 'Card' });
    expect(await within(dialog).findByDisplayValue('Card 1')).toBeTruthy();
    expect(within(dialog).getByDisplayValue('Write the press release')).toBeTruthy();
    expect(within(dialog).getByText('created the card')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Close the card' })).toBeTruthy();
  });

  it('refuses a period that ends before it starts, inline, and sends nothing', async () => {
    const update = vi.spyOn(api, 'updateTask');
    renderWithSession(drawer());
    const dialog = await screen.findByRole('dialog', { name: 'Card' });
    const end = await within(dialog).findByRole('textbox', { name: 'Period end' });
    const user = userEvent.setup({ delay: null });
    await user.clear(end);
    await user.type(end, '5 Apr 2026');
    await user.tab();
    expect(await within(dialog).findByText('The period ends before it starts')).toBeTruthy();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(update).not.toHaveBeenCalled();
  });

  it('saves with the version it read, and on a stale version says someone else changed the card and reloads it', async () => {
    const update = vi.spyOn(api, 'updateTask').mockRejectedValue(
      new ApiError(409, {
        code: 'task_version_conflict',
        message: 'Somebody changed this card meanwhile: reload it and make your change again',
        params: { version: 4 },
      } as never),
    );
    renderWithSession(drawer());
    const dialog = await screen.findByRole('dialog', { name: 'Card' });
    const name = await within(dialog).findByRole('textbox', { name: 'Name' });
    const user = userEvent.setup({ delay: null });
    await user.clear(name);
    await user.type(name, 'Card one');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]![0]).toBe(taskId(1));
    expect(update.mock.calls[0]![1]).toMatchObject({ version: 3, name: 'Card one', tags: ['launch'] });
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Somebody changed this card')).toBeTruthy();
    // Reload: the card as the other person left it, the form started again from it.
    vi.mocked(api.fetchTask).mockResolvedValue(makeTask({ name: 'Their name', version: 4 }));
    await act(async () => {
      await user.click(within(alert).getByRole('button', { name: 'Reload the card' }));
    });
    expect(await within(dialog).findByDisplayValue('Their name')).toBeTruthy();
    expect(within(dialog).queryByText('Somebody changed this card')).toBeNull();
  });
});
