import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore, storeTheme } from '../api/storage';
import { BootScreen } from '../app/BootScreens';
import { LazyNotifications } from '../app/LazyNotifications';
import { renderUi } from '../test/render';
import { HeaderCardSkeleton, PageSkeleton, PeopleSkeleton, TableSkeleton } from './Skeletons';
import { showSuccess } from './toast';

const person = {
  _id: 'u1',
  firstName: 'Anna',
  lastName: 'Berg',
  theme: 'dark',
  rights: { dark_theme: true },
} as unknown as Parameters<typeof authStore.signIn>[1];

afterEach(() => {
  authStore.clearAll();
  localStorage.removeItem('theme');
  act(() => notifications.clean());
});

describe('page skeletons', () => {
  it('stand in for each page while it loads, announced once as loading', () => {
    for (const skeleton of [
      <PageSkeleton key="page" />,
      <HeaderCardSkeleton key="header" />,
      <PeopleSkeleton key="people" rows={5} />,
      <TableSkeleton key="table" rows={4} />,
    ]) {
      const { container, unmount } = renderUi(skeleton);
      expect(screen.getAllByRole('status')).toHaveLength(1);
      expect(screen.getByRole('status', { name: 'Loading…' }).getAttribute('aria-busy')).toBe('true');
      expect(container.querySelectorAll('.mantine-Skeleton-root').length).toBeGreaterThan(3);
      unmount();
    }
  });

  it('draw as many rows as the list will show', () => {
    const { container } = renderUi(<PeopleSkeleton rows={7} />);
    expect(container.querySelectorAll('.mantine-Paper-root')).toHaveLength(7);
  });
});

describe('start-up screen', () => {
  it('is a spinner for a visitor who is not signed in', () => {
    const { container } = render(<BootScreen />);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(container.querySelector('.hw-boot')).toBeNull();
  });

  it("is the shell's outline for a signed-in person, in the colour scheme the last visit kept", () => {
    authStore.signIn('token', person);
    const { container, unmount } = render(<BootScreen />);
    const outline = container.querySelector('.hw-boot');
    expect(outline?.getAttribute('role')).toBe('status');
    expect(outline?.getAttribute('data-scheme')).toBe('dark');
    expect(outline?.querySelector('.hw-boot-header')).toBeTruthy();
    expect(outline?.querySelector('.hw-boot-navbar')).toBeTruthy();
    unmount();

    // A workspace that took the dark theme away, and a superadmin's own choice on this device.
    authStore.signIn('token', { ...person, rights: { dark_theme: false } } as typeof person);
    const second = render(<BootScreen />);
    expect(second.container.querySelector('.hw-boot')?.getAttribute('data-scheme')).toBe('light');
    second.unmount();
    authStore.signIn('token', { ...person, theme: 'light' } as typeof person);
    storeTheme('dark');
    const third = render(<BootScreen />);
    expect(third.container.querySelector('.hw-boot')?.getAttribute('data-scheme')).toBe('dark');
  });
});

describe('toasts load on demand', () => {
  it('mount their host only when the first toast is shown, and show it', async () => {
    const { container } = renderUi(<LazyNotifications />);
    expect(container.querySelector('.mantine-Notifications-root')).toBeNull();
    act(() => showSuccess('Saved'));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(document.querySelector('.mantine-Notifications-root')).toBeTruthy();
    act(() => notifications.clean());
    act(() => showSuccess('Saved again'));
    expect(await screen.findByText('Saved again')).toBeTruthy();
  });
});
