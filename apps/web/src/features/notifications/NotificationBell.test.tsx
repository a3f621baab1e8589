import type { NotificationDto } from '@hallway/shared';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Socket } from '../../api/socket';
import { type Session, SessionContext } from '../../app/session/context';
import { buildTheme } from '../../app/theme';
import { NotificationBell } from './NotificationBell';

const ME = '01a1fe5d-0000-7000-8000-000000000001';
const CLIENT = '01a1fe5d-0000-7000-8000-0000000000c1';

const entry = (title: string, read = false): NotificationDto => ({
  _id: `01a1fe5d-2222-7000-8000-${title.length.toString().padStart(12, '0')}`,
  code: 'posts.mention',
  section: 'posts',
  title,
  text: 'Welcome to the team',
  link: '/post/1',
  read,
  others: 0,
  actor: { _id: 'a', name: 'Ada Admin' },
  created: new Date().toISOString(),
});

type Listener = (...args: unknown[]) => void;
/** The few emitter calls socket.io's client offers, for a socket the test drives. */
class Emitter {
  private listeners = new Map<string, Set<Listener>>();
  on(event: string, f: Listener) {
    this.listeners.set(event, (this.listeners.get(event) ?? new Set()).add(f));
  }
  off(event: string, f: Listener) {
    this.listeners.get(event)?.delete(f);
  }
  emit(event: string, ...args: unknown[]) {
    for (const f of this.listeners.get(event) ?? []) f(...args);
  }
}

/** A socket that the test drives: `emit` on the server side reaches the listeners of the component. */
function fakeSocket() {
  const events = new Emitter();
  const manager = new Emitter();
  const socket = {
    on: (e: string, f: Listener) => events.on(e, f),
    off: (e: string, f: Listener) => events.off(e, f),
    io: { on: (e: string, f: Listener) => manager.on(e, f), off: (e: string, f: Listener) => manager.off(e, f) },
  };
  return { socket: socket as unknown as Socket, server: events };
}

function renderBell(socket: Socket, features = true) {
  const session = {
    user: { _id: ME, client_id: CLIENT },
    client: { _id: CLIENT },
    socket,
    hasFeature: () => features,
  } as unknown as Session;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={buildTheme(null)} env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <SessionContext.Provider value={session}>
          <MemoryRouter>
            <NotificationBell />
          </MemoryRouter>
        </SessionContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

function answer(url: string) {
  if (url.includes('/api/notification/unread/')) {
    return { count: 2, sections: { all: 2, posts: 2 } };
  }
  return { result: [entry('Ada Admin mentioned you'), entry('Old news', true)], next: null };
}

afterEach(() => vi.restoreAllMocks());

describe('NotificationBell', () => {
  it('shows the unread count, goes up live with a popup, and lists the latest entries', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (input) => new Response(JSON.stringify(answer(String(input))), { status: 200 }));
    const { socket, server } = fakeSocket();
    renderBell(socket);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(fetch.mock.calls[0][0]).toContain(`/api/notification/unread/${CLIENT}/${ME}`);

    act(() => {
      server.emit('notification.new', { notification: entry('Bob Builder thanked you'), popup: true, fresh: true });
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    expect(await screen.findByText('Bob Builder thanked you')).toBeTruthy();

    await userEvent.click(bell);
    const items = await screen.findAllByTestId('notification-item');
    expect(items.map((i) => i.getAttribute('data-read'))).toEqual(['false', 'true']);
    expect(screen.getByText('Ada Admin mentioned you')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All notifications' }).getAttribute('href')).toBe('/notifications');
  });

  it('a grouped entry growing does not raise the count; no popup without the system channel', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async (input) => new Response(JSON.stringify(answer(String(input))), { status: 200 }),
    );
    const { socket, server } = fakeSocket();
    renderBell(socket);
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    act(() => {
      server.emit('notification.new', { notification: entry('Quiet grouped one'), popup: false, fresh: false });
    });
    act(() => {
      server.emit('notification.new', { notification: entry('Marker popup'), popup: true, fresh: false });
    });
    await screen.findByText('Marker popup');
    expect(screen.queryByText('Quiet grouped one')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy());
  });

  it('is absent when the workspace has notifications switched off', () => {
    const { socket } = fakeSocket();
    renderBell(socket, false);
    expect(screen.queryByTestId('notification-bell')).toBeNull();
  });
});
