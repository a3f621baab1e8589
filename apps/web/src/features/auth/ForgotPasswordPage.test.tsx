import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadModuleTexts } from '../../app/modules';
import { type Session, SessionContext } from '../../app/session/context';
import { buildTheme } from '../../app/theme';
import ForgotPasswordPage from './ForgotPasswordPage';
import authModule from './module';

const fetchMock = vi.fn();
beforeAll(() => loadModuleTexts(authModule));
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    async () => new Response(JSON.stringify({ result: true }), { headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const session = { env: null, lang: 'en', setLanguage: async () => {} } as unknown as Session;

function renderPage() {
  return render(
    <MantineProvider theme={buildTheme(null)} env="test">
      <QueryClientProvider client={new QueryClient()}>
        <SessionContext.Provider value={session}>
          <MemoryRouter>
            <ForgotPasswordPage />
          </MemoryRouter>
        </SessionContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

// Issue 27 #9: sign-in takes a login, but restoring the password took only an e-mail.
describe('the restore password page', () => {
  it.each(['anna', 'anna@northwind.test'])('asks for a link by a login or an e-mail (%s)', async (name) => {
    renderPage();
    await userEvent.type(await screen.findByRole('textbox', { name: /Login or e-mail/ }), ` ${name} `);
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('status')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/forgot_password');
    expect(JSON.parse(String(init.body))).toEqual({ email: name });
  });

  it('asks for the name before calling', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Send link' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
