import { ActionIcon, Menu } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/render';
import { OnDemandMenu } from './OnDemandMenu';

function Row({ onExport }: { onExport: () => void }) {
  return (
    <OnDemandMenu
      position="bottom-end"
      target={
        <ActionIcon variant="subtle" aria-label="Actions for Anna">
          …
        </ActionIcon>
      }
    >
      <Menu.Item onClick={onExport}>Export</Menu.Item>
      <Menu.Item>Delete</Menu.Item>
    </OnDemandMenu>
  );
}

describe('a menu mounted on demand', () => {
  it('draws only its trigger until used, then opens on the first click and runs the chosen item', async () => {
    const onExport = vi.fn();
    renderUi(<Row onExport={onExport} />);
    const trigger = screen.getByRole('button', { name: 'Actions for Anna' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();

    await userEvent.click(trigger);
    expect(await screen.findByRole('menuitem', { name: 'Export' })).toBeTruthy();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Export' }));
    expect(onExport).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    // Focus is back on the trigger, which opens the menu again like any Mantine menu.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions for Anna' }));
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Anna' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeTruthy();
  });

  it('opens from the keyboard', async () => {
    renderUi(<Row onExport={() => undefined} />);
    const trigger = screen.getByRole('button', { name: 'Actions for Anna' });
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    expect(await screen.findByRole('menuitem', { name: 'Export' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions for Anna' }));
  });
});
