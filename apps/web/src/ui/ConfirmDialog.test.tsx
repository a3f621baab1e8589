import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { renderUi } from '../test/render';
import { ConfirmDialog } from './ConfirmDialog';

describe('ConfirmDialog', () => {
  it('asks, then runs the action and closes', async () => {
    const onConfirm = vi.fn(async () => {});
    const onClose = vi.fn();
    renderUi(
      <ConfirmDialog
        opened
        title="Block the workspace?"
        message="Nobody can sign in"
        danger
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Block the workspace?' })).toBeTruthy();
    expect(screen.getByText('Nobody can sign in')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' })));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('cancels without running the action', () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    renderUi(<ConfirmDialog opened title="Delete?" onConfirm={onConfirm} onClose={onClose} cancelLabel="Keep" />);
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('stays open with the reason when the action fails', async () => {
    const onClose = vi.fn();
    const failing = async () => {
      throw new ApiError(403, { message: 'No access', code: 'no_access' });
    };
    renderUi(<ConfirmDialog opened title="Delete?" onConfirm={failing} onClose={onClose} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' })));
    expect(screen.getByRole('alert').textContent).toBe('No access');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('renders nothing while closed', () => {
    renderUi(<ConfirmDialog opened={false} title="Delete?" onConfirm={() => {}} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
