import type { Feature, UserDto } from '@hallway/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registry } from '../../app/modules';
import { type Session, SessionContext } from '../../app/session/context';
import { buildTheme } from '../../app/theme';
import { makePost } from '../wall/testing';
import { peopleKeys } from './api';
import ProfilePage from './ProfilePage';

const ME = '01a1fe5d-0000-7000-8000-000000000001';
const CLARA = '01a1fe5d-0000-7000-8000-000000000002';
const CHIEF = '01a1fe5d-0000-7000-8000-000000000003';
const CLIENT = '01a1fe5d-0000-7000-8000-0000000000c1';

const person = (overrides: Partial<UserDto> = {}): UserDto => ({
  _id: CLARA,
  client_id: CLIENT,
  login: 'clara',
  email: 'clara@example.com',
  roles: [],
  rights: {} as UserDto['rights'],
  lang: 'en',
  firstName: 'Clara',
  middleName: '',
  lastName: 'Neumann',
  fullName: 'Clara Neumann',
  birthDate: '1990-03-14',
  phone: '+49 30 1234 567',
  internalPhone: '214',
  organization: '',
  inn: '',
  kpp: '',
  position: 'Designer',
  cabinet: '',
  chiefCode: '',
  chief: CHIEF,
  department: 'Product',
  workingSince: '2019-06-01',
  gender: 'woman',
  vacationDays: 12,
  city: '',
  telegram: '@clara_n',
  about: 'I draw the screens.\nAsk me about icons.',
  social: {},
  statusText: '',
  pics: [],
  avatar: null,
  cover: '',
  theme: 'light',
  timeZone: null,
  followers: [],
  pinned_num: null,
  deletion_mark: false,
  status: 'active',
  created: '2024-01-01T00:00:00.000Z',
  can: { edit: false, editHr: false },
  ...overrides,
});

const me = person({ _id: ME, login: 'anna', firstName: 'Anna', lastName: 'Kowalski', fullName: 'Anna Kowalski' });

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer>;
let calls: { method: string; url: string; body: unknown }[];

// The tabs and badges the modules put on the page load once, before the tests (as a browser keeps their chunks).
beforeAll(() => Promise.all([...registry.profileTabs, ...registry.profileBadges].map((slot) => slot.load())), 60_000);

beforeEach(() => {
  calls = [];
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[`${method} ${url.split('?')[0]}`] ?? {
        status: 500,
        body: { message: 'unexpected', code: 'server_error' },
      };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function renderProfile(shown: UserDto, { features = [] as Feature[], isAdmin = false } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(peopleKeys.person(shown._id), shown);
  const session = {
    user: me,
    client: { _id: CLIENT, workspace: 'demo' },
    users: [{ _id: CHIEF, fullName: 'Lukas Schmidt', firstName: 'Lukas', lastName: 'Schmidt', deletion_mark: false }],
    usersComplete: true,
    follows: [],
    socket: null,
    isAdmin,
    hasFeature: (feature: Feature) => features.includes(feature),
    can: () => false,
    updateOwnUser: vi.fn(),
    signIn: vi.fn(),
  } as unknown as Session;
  render(
    <QueryClientProvider client={client}>
      <SessionContext.Provider value={session}>
        <MantineProvider theme={buildTheme(null)} env="test">
          <MemoryRouter initialEntries={[`/profile/${shown._id}`]}>
            <Routes>
              <Route path="/profile/:_id" element={<ProfilePage />} />
            </Routes>
          </MemoryRouter>
        </MantineProvider>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return { client, session };
}

/** The value a `<dl>` gives a label (its `<dd>`), or null when the label is not there. */
function fact(label: string): HTMLElement | null {
  const term = screen.queryAllByText(label).find((element) => element.tagName === 'DT');
  return (term?.nextElementSibling as HTMLElement | null) ?? null;
}

describe("someone else's profile", () => {
  it('reads like a page: name, work, chief, contacts as links, about, birthday without the year', () => {
    renderProfile(person());
    expect(screen.getByRole('heading', { level: 1, name: 'Clara Neumann' })).toBeTruthy();
    expect(screen.getByText('Designer · Product')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lukas Schmidt' }).getAttribute('href')).toBe(`/profile/${CHIEF}`);

    const actions = screen.getByRole('group', { name: 'Contact' });
    expect(within(actions).getByRole('link', { name: 'Write an e-mail' }).getAttribute('href')).toBe(
      'mailto:clara@example.com',
    );
    expect(within(actions).getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:+49301234567');
    expect(within(actions).getByRole('link', { name: 'Call the internal number' }).getAttribute('href')).toBe(
      'tel:214',
    );
    expect(within(actions).getByRole('link', { name: 'Open in Telegram' }).getAttribute('href')).toBe(
      'https://t.me/clara_n',
    );
    expect(screen.getByRole('link', { name: 'clara@example.com' }).getAttribute('href')).toBe(
      'mailto:clara@example.com',
    );
    expect(screen.getByRole('link', { name: '214' }).getAttribute('href')).toBe('tel:214');

    expect(screen.getByRole('heading', { name: 'About' })).toBeTruthy();
    expect(screen.getByText(/I draw the screens/)).toBeTruthy();
    expect(fact('Birthday')?.textContent).toBe('14 March');
    expect(fact('Working since')?.textContent).toMatch(/2019/);

    // Read, not a form; following is offered, editing is not.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit profile' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Main' })).toBeNull();
  });

  it('leaves empty fields out instead of showing empty labels', () => {
    renderProfile(
      person({ email: null, phone: '', internalPhone: '', telegram: '', about: '', birthDate: null, workingSince: '' }),
    );
    for (const label of ['E-mail', 'Phone', 'Internal phone', 'Telegram', 'City', 'Office', 'Birthday']) {
      expect(fact(label)).toBeNull();
    }
    expect(screen.queryByRole('group', { name: 'Contact' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'About' })).toBeNull();
    expect(screen.getByText('This person has not told about themselves yet.')).toBeTruthy();
  });

  it('shows the posts the person wrote, from their author feed', async () => {
    answers[`GET /api/post/user/${CLARA}`] = {
      status: 200,
      body: {
        result: [
          makePost({
            text: 'New icon set is out',
            author: { _id: CLARA, name: 'Clara Neumann', avatar: null, position: '' },
          }),
        ],
        page: 0,
        pages: 1,
        total: 1,
      },
    };
    renderProfile(person(), { features: ['wall'] });
    expect(await screen.findByRole('tab', { name: 'Posts', selected: true })).toBeTruthy();
    const posts = await screen.findByRole('region', { name: 'Posts' }, { timeout: 10_000 });
    expect(within(posts).getByText('New icon set is out')).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith(`/api/post/user/${CLARA}`))).toBe(true);
  }, 20_000);

  it('offers "Edit" to an administrator the server lets edit it', () => {
    renderProfile(person({ can: { edit: true, editHr: true } }), { isAdmin: true });
    expect(screen.getByRole('button', { name: 'Edit profile' })).toBeTruthy();
  });

  it('offers no "Edit" on a deleted profile', () => {
    renderProfile(person({ can: { edit: true, editHr: true }, deletion_mark: true }), { isAdmin: true });
    expect(screen.queryByRole('button', { name: 'Edit profile' })).toBeNull();
    expect(screen.getByText('This employee was deleted')).toBeTruthy();
  });

  it('says a registration waiting for approval is pending, not deleted', () => {
    renderProfile(person({ deletion_mark: true, status: 'pending' }), { isAdmin: true });
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.queryByText('This employee was deleted')).toBeNull();
  });
});

describe('own profile', () => {
  const own = () => person({ ...me, statusText: '', can: { edit: true, editHr: false } });

  it('switches to the form with "Edit profile", saves, and goes back to the page', async () => {
    const saved = { ...own(), statusText: 'Planning the release' };
    answers[`PUT /api/user/${ME}`] = { status: 200, body: { result: saved } };
    renderProfile(own());
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit profile' }));

    expect(screen.getByRole('heading', { name: 'Editing the profile' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Main', selected: true })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Status' }), { target: { value: 'Planning the release' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Status' })).toBeNull());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ statusText: 'Planning the release' });
    expect(screen.getByText('Planning the release')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit profile' })).toBeTruthy();
  }, 20_000);

  it('goes back to the page on cancel, sending nothing', async () => {
    renderProfile(own());
    fireEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Status' }), { target: { value: 'Half-typed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Status' })).toBeNull();
    expect(screen.queryByText('Half-typed')).toBeNull();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('"Back to the profile" leaves the edit mode too', () => {
    renderProfile(own());
    fireEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back to the profile' }));
    expect(screen.getByRole('button', { name: 'Edit profile' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Main' })).toBeNull();
  });
});
