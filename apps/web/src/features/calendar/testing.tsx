import type { UserListItem } from '@hallway/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import type { Socket } from '../../api/socket';
import { type Session, SessionContext } from '../../app/session/context';
import { buildTheme } from '../../app/theme';
import type { RangePage } from './api';
import type { CalendarEvent } from './types';

/** Test helpers of the calendar (only tests import this file). */

// Mantine's autosizing textarea listens for web fonts; happy-dom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

export const ME = '01a1fe5d-0000-7000-8000-000000000001';
export const CLIENT = '01a1fe5d-0000-7000-8000-0000000000c1';

const person = (n: number, firstName: string, lastName: string) =>
  ({
    _id: `01a1fe5d-0000-7000-8000-00000000000${n}`,
    firstName,
    lastName,
    login: firstName.toLowerCase(),
    deletion_mark: false,
  }) as UserListItem;

/** A range's answer: its events, and whether the caller may create events there. */
export const rangePage = (result: CalendarEvent[] = [], create = true): RangePage => ({ result, can: { create } });

export const PEOPLE = [person(1, 'Anna', 'Kowalski'), person(2, 'Lukas', 'Schmidt'), person(3, 'Tom', 'Becker')];

type Listener = (...args: unknown[]) => void;
/** The few emitter calls socket.io's client offers. */
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
  count(event: string) {
    return this.listeners.get(event)?.size ?? 0;
  }
}

/** A socket the test drives: `server.emit` reaches the component's listeners, `manager` its reconnection ones. */
export function fakeSocket() {
  const server = new Emitter();
  const manager = new Emitter();
  const socket = {
    on: (e: string, f: Listener) => server.on(e, f),
    off: (e: string, f: Listener) => server.off(e, f),
    io: { on: (e: string, f: Listener) => manager.on(e, f), off: (e: string, f: Listener) => manager.off(e, f) },
  };
  return { socket: socket as unknown as Socket, server, manager };
}

/** An event as `GET api/event/byClient` answers it: Anna's, one hour, in UTC unless told. */
export function calendarEvent(fields: Partial<CalendarEvent> & Pick<CalendarEvent, '_id' | 'start' | 'end'>) {
  return {
    series_id: null,
    occurrence: null,
    name: 'Team meeting',
    description: '',
    color: '#228be6',
    link: '',
    place: '',
    allDay: false,
    timeZone: 'UTC',
    date: fields.start.slice(0, 10),
    startTime: fields.start.slice(11, 16),
    endTime: fields.end.slice(11, 16),
    endDate: fields.end.slice(0, 10),
    repeat: null,
    rrule: null,
    public: false,
    organizer: { _id: ME, name: 'Anna Kowalski', avatar: null, position: '' },
    departments: [],
    counts: { accept: 1, maybe: 0, decline: 0, none: 0 },
    membersCount: 2,
    myAnswer: 'accept',
    myReminders: [10],
    can: { edit: true, delete: true, answer: true },
    ...fields,
  } as CalendarEvent;
}

/** Renders inside the app's theme, a router, a query client and a session of Anna in a small workspace. */
export function renderCalendar(
  ui: ReactElement,
  { features, socket = null }: { features?: string[]; socket?: Socket | null } = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  // The department list of the workspace (`GET api/user/filters/{clientId}`) is at hand.
  client.setQueryData(['people', 'filters', CLIENT], { departments: ['Engineering', 'Sales'], cities: [] });
  const session = {
    user: { _id: ME },
    client: { _id: CLIENT, workspace: 'demo', name: 'Demo' },
    users: PEOPLE,
    usersComplete: true,
    can: () => true,
    hasFeature: (code: string) => !features || features.includes(code),
    socket,
  } as unknown as Session;
  return {
    client,
    ...render(
      <MantineProvider theme={buildTheme(null)} env="test">
        <QueryClientProvider client={client}>
          <SessionContext.Provider value={session}>
            <MemoryRouter>{ui}</MemoryRouter>
          </SessionContext.Provider>
        </QueryClientProvider>
      </MantineProvider>,
    ),
  };
}
