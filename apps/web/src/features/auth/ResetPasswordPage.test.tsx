import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Session, SessionContext } from '../../app/session/context';
import { buildTheme } from '../../app/theme';
import ResetPasswordPage from './ResetPasswordPage';

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const session = { env: null, lang: 'en', setLanguage: async () => {} } as unknown as Session;

function renderPage(token: string) {
  return render(
    <MantineProvider theme={buildTheme(null)} env="test">
      <QueryClientProvider client={new QueryClient()}>
        <SessionContext.Provider value={session}>
          <MemoryRouter initialEntries={[`/reset-password/${token}`]}>
            <Routes>
              <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
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
