import type { NotificationDto, UnreadCounts } from '@hallway/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Session, SessionContext } from '../../app/session/context';
import { buildTheme } from '../../app/theme';
import { NotificationItem } from './NotificationItem';
import NotificationsPage from './NotificationsPage';

const ME = '01a1fe5d-0000-7000-8000-000000000001';
const CLIENT = '01a1fe5d-0000-7000-8000-0000000000c1';

const entry = (actor: NotificationDto['actor']): NotificationDto => ({
  _id: '01a1fe5d-2222-7000-8000-000000000001',
  code: 'posts.mention',
  section: 'posts',
  title: 'Ada Admin mentioned you',
  text: 'Welcome to the team',
  link: '/post/1',
  read: false,
  others: 0,
  actor,
  created: new Date().toISOString(),
});

function show(ui: ReactElement) {
  const session = { user: { _id: ME, client_id: CLIENT }, client: { _id: CLIENT } } as unknown as Session;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={buildTheme(null)} env="test">
      <QueryClientProvider client={client}>
        <SessionContext.Provider value={session}>
          <MemoryRouter>{ui}</MemoryRouter>
        </SessionContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The server's answers: the counts given, and an empty page of every section. */
function serve(counts: UnreadCounts) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const body = String(input).includes('/api/notification/unread/') ? counts : { result: [], next: null };
    return new Response(JSON.stringify(body), { status: 200 });
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('NotificationsPage', () => {
  it('shows two- and three-digit unread counts on the tabs whole: 12 and 99+', async () => {
    serve({ count: 162, sections: { all: 162, posts: 12, other: 150 } });
    show(<NotificationsPage />);
    const posts = await screen.findByRole('tab', { name: /Posts/ });
    await within(posts).findByText('12');
    const badge = within(posts).getByTestId('unread-count');
    expect(badge.textContent).toBe('12');
    // Not a circle (one digit's shape), and never squeezed by its tab to a blank dot.
    expect(badge.hasAttribute('data-circle')).toBe(false);
    expect(badge.style.flexShrink).toBe('0');
    expect(badge.style.overflow).toBe('visible');
    expect(within(screen.getByRole('tab', { name: /Other/ })).getByTestId('unread-count').textContent).toBe('99+');
    expect(within(screen.getByRole('tab', { name: /^All/ })).getByTestId('unread-count').textContent).toBe('99+');
  });

  it('has a tab for each section the server counts, none for modules the workspace lacks', async () => {
    serve({ count: 3, sections: { all: 3, events: 0, posts: 2, other: 1 } });
    show(<NotificationsPage />);
    await screen.findByRole('tab', { name: /Posts/ });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All3', 'Events', 'Posts2', 'Other1']);
    for (const name of ['Polls', 'Shop', 'Services', 'Responsibilities', 'Tasks', 'Adaptation', 'Groups'])
      expect(screen.queryByRole('tab', { name })).toBeNull();
  });

  it('shows that more tabs are scrolled out of sight, on the side they are', async () => {
    // A strip 300 px wide holding 700 px of tabs (jsdom lays nothing out).
    const scrollLeft = { value: 0 };
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(700);
    vi.spyOn(HTMLElement.prototype, 'scrollLeft', 'get').mockImplementation(() => scrollLeft.value);
    serve({ count: 5, sections: { all: 5, events: 0, groups: 0, posts: 0, resp: 0, other: 5 } });
    show(<NotificationsPage />);
    await screen.findByRole('tab', { name: /Other/ });
    const strip = screen.getByTestId('section-strip');
    expect(strip.getAttribute('data-more-after')).toBe('true');
    expect(screen.queryByTestId('more-before')).toBeNull();
    expect(screen.getByTestId('more-after')).toBeTruthy();
    const viewport = strip.querySelector('.mantine-ScrollArea-viewport')!;
    scrollLeft.value = 400;
    act(() => {
      fireEvent.scroll(viewport);
    });
    expect(screen.getByTestId('more-before')).toBeTruthy();
    expect(screen.queryByTestId('more-after')).toBeNull();
  });
});

describe('NotificationItem', () => {
  it('shows the actor’s photo when they have one, else their initials', () => {
    const { container, unmount } = show(
      <NotificationItem
        entry={entry({ _id: 'a', name: 'Ada Admin', avatar: '/api/files/ada-mini.jpg' })}
        onOpen={() => {}}
      />,
    );
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/api/files/ada-mini.jpg');
    unmount();
    const other = show(
      <NotificationItem entry={entry({ _id: 'b', name: 'Bob Builder', avatar: null })} onOpen={() => {}} />,
    );
    expect(other.container.querySelector('img')).toBeNull();
    expect(screen.getByText('BB')).toBeTruthy();
  });
});
