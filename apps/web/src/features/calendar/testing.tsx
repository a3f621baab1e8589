import type { UserListItem } from '@hallway/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { type Session, SessionContext } from '../../app/session/context';
import { buildTheme } from '../../app/theme';

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

export const PEOPLE = [person(1, 'Anna', 'Kowalski'), person(2, 'Lukas', 'Schmidt'), person(3, 'Tom', 'Becker')];

/** Renders inside the app's theme, a router, a query client and a session of Anna in a small workspace. */
export function renderCalendar(ui: ReactElement, { features }: { features?: string[] } = {}) {
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
