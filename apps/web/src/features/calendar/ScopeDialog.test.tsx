import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ScopeDialog } from './ScopeDialog';
import { renderCalendar } from './testing';

describe('ScopeDialog', () => {
  it('offers this occurrence first and hands back the choice', async () => {
    const onChoose = vi.fn();
    renderCalendar(<ScopeDialog opened action="edit" onChoose={onChoose} onClose={() => {}} />);
    const user = userEvent.setup({ delay: null });
    expect(screen.getByRole('dialog', { name: 'Change a repeating event' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'This occurrence' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onChoose).toHaveBeenLastCalledWith('this');
    await user.click(screen.getByRole('radio', { name: 'This and following' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onChoose).toHaveBeenLastCalledWith('following');
    await user.click(screen.getByRole('radio', { name: 'All occurrences' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onChoose).toHaveBeenLastCalledWith('all');
  });

  it('names the action and lets the person back out', async () => {
    const onChoose = vi.fn();
    const onClose = vi.fn();
    renderCalendar(<ScopeDialog opened action="delete" onChoose={onChoose} onClose={onClose} />);
    const user = userEvent.setup({ delay: null });
    expect(screen.getByRole('dialog', { name: 'Delete a repeating event' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onChoose).not.toHaveBeenCalled();
  });
});
