import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadModuleTexts } from '../../app/modules';
import { type Session, SessionContext } from '../../app/session/context';
import { buildTheme } from '../../app/theme';
import authModule from './module';
import ResetPasswordPage from './ResetPasswordPage';

const fetchMock = vi.fn();
// The page's texts load with its route (one language at a time); rendered alone, it loads them first.
beforeAll(() => loadModuleTexts(authModule));
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const signIn = vi.fn();
const session = { env: null, lang: 'en', setLanguage: async () => {}, signIn } as unknown as Session;

function renderPage(token: string) {
  return render(
    <MantineProvider theme={buildTheme(null)} env="test">
      <QueryClientProvider client={new QueryClient()}>
        <SessionContext.Provider value={session}>
          <MemoryRouter initialEntries={[`/reset-password/${token}`]}>
            <Routes>
              <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
              <Route path="/" element={<h1>Start page</h1>} />
            </Routes>
          </MemoryRouter>
        </SessionContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

// Issue 12 #3: a used or expired link was reported only after the new password had been typed twice.
describe('the reset page', () => {
  it('checks the link on opening and reports a dead one at once, offering a new link', async () => {
    fetchMock.mockImplementation(async () =>
      json(400, { message: 'The reset link is invalid or has expired', code: 'reset_link_invalid' }),
    );
    renderPage('used-token-123');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'The reset link is invalid or has expired');
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgot-password/');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/reset_password/used-token-123');
    expect(init.method ?? 'GET').toBe('GET');
  });

  it('shows the form for a working link', async () => {
    fetchMock.mockImplementation(async () => json(200, { result: true }));
    renderPage('good-token-123');
    expect(await screen.findByRole('button', { name: 'Set password' })).toBeTruthy();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

// Issue 12 "Employees: invite by e-mail": the invitation's link opens this page as a welcome.
describe('the page opened from an invitation', () => {
  it('welcomes the person, sets their first password and sends them to sign in', async () => {
    fetchMock.mockImplementation(async () => json(200, { result: true }));
    renderPage('invite-token-123?invite=1');
    expect(await screen.findByRole('heading', { name: 'Welcome! Set your password' })).toBeTruthy();
    const submit = await screen.findByRole('button', { name: 'Set password' });
    expect(
      screen.getByText('You were invited to the intranet. Choose the password you will sign in with.'),
    ).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^New password/), 'my-own-pass-1');
    await user.type(screen.getByLabelText(/^Repeat the password/), 'my-own-pass-1');
    await user.click(submit);
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your password is set. Sign in with your e-mail and this password.',
    );
    const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
    expect(url).toBe('/api/reset_password/invite-token-123');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ password: 'my-own-pass-1', confirmation: 'my-own-pass-1' });
  });

  it('signs the new hire in when the server answers a session, and opens the start page', async () => {
    const user = { _id: 'u1', login: 'ivy@example.test' };
    fetchMock.mockImplementation(async (_url: string, init?: RequestInit) =>
      json(200, init?.method === 'POST' ? { result: true, token: 'session-token', user } : { result: true }),
    );
    renderPage('invite-token-456?invite=1');
    const submit = await screen.findByRole('button', { name: 'Set password' });
    const typing = userEvent.setup({ delay: null });
    await typing.type(screen.getByLabelText(/^New password/), 'my-own-pass-1');
    await typing.type(screen.getByLabelText(/^Repeat the password/), 'my-own-pass-1');
    await typing.click(submit);
    expect(await screen.findByRole('heading', { name: 'Start page' })).toBeTruthy();
    expect(signIn).toHaveBeenCalledWith('session-token', user);
  });

  it('says a used or expired invitation is one to ask for again', async () => {
    fetchMock.mockImplementation(async () =>
      json(400, { message: 'The reset link is invalid or has expired', code: 'reset_link_invalid' }),
    );
    renderPage('old-invite-123?invite=1');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invitation was already used or has expired. Ask an administrator to send it again, or request a new link.',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
