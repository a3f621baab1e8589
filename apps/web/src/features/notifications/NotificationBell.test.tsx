import type { NotificationDto } from '@hallway/shared';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Socket } from '../../api/socket';

/** The server joining the socket to the person's rooms, driven by the test. */
const identified = vi.hoisted(() => new Set<() => void>());
vi.mock('../../api/socket', () => ({
  whenIdentified: (_socket: unknown, listener: () => void) => {
    identified.add(listener);
    return () => identified.delete(listener);
  },
}));

import { type Session, SessionContext } from '../../app/session/context';
import { buildTheme } from '../../app/theme';
import { NotificationBell } from './NotificationBell';
import { applyNewNotification, notificationKeys } from './queries';

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
  actor: { _id: 'a', name: 'Ada Admin', avatar: null },
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
  const socket = {
    on: (e: string, f: Listener) => events.on(e, f),
    off: (e: string, f: Listener) => events.off(e, f),
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

afterEach(() => {
  vi.restoreAllMocks();
  identified.clear();
});

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

  it('follows the count the server sends after it marked entries read (a must-read post confirmed)', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async (input) => new Response(JSON.stringify(answer(String(input))), { status: 200 }),
    );
    const { socket, server } = fakeSocket();
    renderBell(socket);
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    act(() => {
      server.emit('notification.read', { unread: { count: 1, sections: { all: 1, posts: 1 } } });
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
  });

  it('counts what arrived before the socket joined the rooms: the count reloads once it joins', async () => {
    let unread = 2;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      const body = url.includes('/api/notification/unread/')
        ? { count: unread, sections: { all: unread, posts: unread } }
        : answer(url);
      return new Response(JSON.stringify(body), { status: 200 });
    });
    const { socket } = fakeSocket();
    renderBell(socket);
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    // A mention is stored after the first count and before the room was joined: no event reaches this tab.
    unread = 3;
    act(() => {
      for (const listener of identified) listener();
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
  });

  it('shows two- and three-digit counts whole on the bell: 12, and 99+ for 150', async () => {
    let unread = 12;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      const body = url.includes('/api/notification/unread/')
        ? { count: unread, sections: { all: unread, posts: unread } }
        : answer(url);
      return new Response(JSON.stringify(body), { status: 200 });
    });
    const { socket } = fakeSocket();
    renderBell(socket);
    await screen.findByRole('button', { name: 'Notifications, 12 unread' });
    const label = () => screen.getByTestId('bell-count').querySelector('.mantine-Indicator-indicator');
    expect(label()?.textContent).toBe('12');
    unread = 150;
    act(() => {
      for (const listener of identified) listener();
    });
    await screen.findByRole('button', { name: 'Notifications, 150 unread' });
    expect(label()?.textContent).toBe('99+');
    // Its width follows its digits rather than the dot's size.
    expect((label() as HTMLElement).style.minWidth).toBe('max-content');
  });

  it('a live entry of a section the server does not count raises "all" only, adding no tab', () => {
    const client = new QueryClient();
    client.setQueryData(notificationKeys.unread(ME), { count: 2, sections: { all: 2, posts: 2, other: 0 } });
    applyNewNotification(client, ME, {
      notification: { ...entry('A poll closed'), section: 'polls' },
      popup: false,
      fresh: true,
    });
    expect(client.getQueryData(notificationKeys.unread(ME))).toEqual({
      count: 3,
      sections: { all: 3, posts: 2, other: 0 },
    });
  });

  it('is absent when the workspace has notifications switched off', () => {
    const { socket } = fakeSocket();
    renderBell(socket, false);
    expect(screen.queryByTestId('notification-bell')).toBeNull();
  });
});
