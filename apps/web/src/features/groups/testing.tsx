import type { UserListItem } from '@hallway/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { type Session, SessionContext } from '../../app/session/context';
import { buildTheme } from '../../app/theme';

/** Test helpers of the groups and the grant editor (only tests import this file). */

// Mantine's autosizing textarea listens for web fonts; happy-dom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

export const ME = '01a1fe5d-0000-7000-8000-000000000001';
export const CLIENT = '01a1fe5d-0000-7000-8000-0000000000c1';
export const LUKAS = '01a1fe5d-0000-7000-8000-000000000002';
export const TOM = '01a1fe5d-0000-7000-8000-000000000003';

const person = (_id: string, firstName: string, lastName: string, position: string) =>
  ({ _id, firstName, lastName, position, login: firstName.toLowerCase(), avatar: null }) as unknown as UserListItem;

export const USERS = [
  person(ME, 'Anna', 'Kowalski', 'Product Designer'),
  person(LUKAS, 'Lukas', 'Schmidt', 'Engineering Manager'),
  person(TOM, 'Tom', 'Becker', 'Frontend Engineer'),
];

/**
 * Renders inside the app's theme, a query client, a router (at `path`) and a signed-in session of a complete workspace.
 */
export function renderWithSession(ui: ReactElement, session: Partial<Session> = {}, path = '/') {
  const value = {
    user: { _id: ME, client_id: CLIENT },
    client: { _id: CLIENT, workspace: 'demo', name: 'Demo' },
    users: USERS,
    usersComplete: true,
    socket: null,
    isAdmin: false,
    can: () => true,
    hasFeature: () => true,
    ...session,
  } as unknown as Session;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const utils = render(
    <MantineProvider theme={buildTheme(null)} env="test">
      <QueryClientProvider client={client}>
        <SessionContext.Provider value={value}>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </SessionContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...utils, client };
}

/** Answers the calls a screen makes at start (`/api/user/filters/…` for the grant editor's suggestions). */
export function answerFetch(answers: Record<string, unknown>) {
  return async (input: RequestInfo | URL) => {
    const url = String(input);
    const key = Object.keys(answers).find((part) => url.includes(part));
    return new Response(JSON.stringify(key ? answers[key] : {}), { status: key ? 200 : 404 });
  };
}
