import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { setUiLanguage } from '../i18n';
import { showError, showSuccess } from './toast';

function renderNotifications() {
  return render(
    <MantineProvider env="test">
      <Notifications />
    </MantineProvider>,
  );
}

afterEach(() => act(() => notifications.clean()));

describe('toasts', () => {
  it('show a failure by its catalogue code in the current language, red', async () => {
    renderNotifications();
    await setUiLanguage('ru');
    act(() => showError(new ApiError(403, { message: 'No access', code: 'no_access' })));
    const toast = await screen.findByText('Нет доступа');
    expect(toast.closest('[class*="Notification-root"]')?.getAttribute('style') ?? '').toContain('red');
    await setUiLanguage('en');
  });

  it("fall back to the server's text for an unknown code and to the error's message", async () => {
    renderNotifications();
    act(() => showError(new ApiError(409, { message: 'The board is archived', code: 'board_archived' })));
    act(() => showError(new Error('Clipboard is not available')));
    expect(await screen.findByText('The board is archived')).toBeTruthy();
    expect(await screen.findByText('Clipboard is not available')).toBeTruthy();
  });

  it('confirm a finished action', async () => {
    renderNotifications();
    act(() => showSuccess('Saved'));
    expect(await screen.findByText('Saved')).toBeTruthy();
  });
});
