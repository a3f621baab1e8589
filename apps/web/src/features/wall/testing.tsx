import type { PostDto } from '@hallway/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { buildTheme } from '../../app/theme';
import { createWallActions } from './actions';
import { type PersonOption, WallContext, type WallContextValue } from './context';
import type { Reader } from './feedState';
import { ViewTracker } from './views';

/** Test helpers of the wall (not part of the app bundle: only tests import this file). */

// Mantine's autosizing textarea listens for web fonts; happy-dom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

export const ME = '01a1fe5d-0000-7000-8000-000000000001';
export const CLIENT = '01a1fe5d-0000-7000-8000-0000000000c1';

export const person = (id: string, name: string, position = ''): PersonOption => ({
  _id: id,
  name,
  login: name.split(' ')[0].toLowerCase(),
  avatar: null,
  position,
});

export const PEOPLE: PersonOption[] = [
  person(ME, 'Anna Kowalski', 'Product Designer'),
  person('01a1fe5d-0000-7000-8000-000000000002', 'Lukas Schmidt', 'Engineering Manager'),
  person('01a1fe5d-0000-7000-8000-000000000003', 'Tom Becker', 'Frontend Engineer'),
  person('01a1fe5d-0000-7000-8000-000000000004', 'Anastasia Ivanova', 'HR'),
];

let seq = 0;
/** A post as the API answers it; `overrides` change any field. */
export function makePost(overrides: Partial<PostDto> = {}): PostDto {
  seq += 1;
  const id = `01a1fe5d-1111-7000-8000-${String(seq).padStart(12, '0')}`;
  return {
    _id: id,
    kind: 'post',
    parent: { type: 'company', id: CLIENT, where: 'company' },
    author: { _id: PEOPLE[1]._id, name: 'Lukas Schmidt', avatar: null, position: 'Engineering Manager' },
    text: `Post ${seq}`,
    doc: null,
    mentions: [],
    attachments: [],
    created: new Date(Date.now() - seq * 60_000).toISOString(),
    updated: new Date().toISOString(),
    edited: false,
    likes: 0,
    reactions: { like: 0, love: 0, laugh: 0, wow: 0, sad: 0, celebrate: 0 },
    myReaction: null,
    commentsCount: 0,
    viewsCount: 0,
    viewed: true,
    mustRead: false,
    acknowledged: false,
    acknowledgedCount: 0,
    pinned: false,
    publishAt: null,
    can: { edit: false, delete: false, mustRead: false, pin: false },
    ...overrides,
  };
}

export function makeQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
}

export interface WallSetup {
  client?: QueryClient;
  reader?: Partial<Reader>;
  people?: PersonOption[];
  /** The start-up list was only a first page: mentions search the server. */
  partialPeople?: boolean;
}

/** Renders inside the app's theme, a router, a query client and a wall context like the page builds. */
export function renderWall(ui: ReactElement, setup: WallSetup = {}) {
  const client = setup.client ?? makeQueryClient();
  const reader: Reader = { userId: ME, follows: () => false, ...setup.reader };
  const value: WallContextValue = {
    reader,
    actions: createWallActions(client),
    views: new ViewTracker(() => {}),
    owners: { company: CLIENT, user: ME, group: '' },
    people: setup.people ?? PEOPLE,
    peopleComplete: !setup.partialPeople,
    workspace: 'demo',
    canWrite: true,
  };
  const utils = render(
    <MantineProvider theme={buildTheme(null)} env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <WallContext.Provider value={value}>{ui}</WallContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...utils, client, value };
}
