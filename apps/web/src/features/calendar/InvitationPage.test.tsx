import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadModuleTexts } from '../../app/modules';
import { type Session, SessionContext } from '../../app/session/context';
import { buildTheme } from '../../app/theme';
import authModule from '../auth/module';
import InvitationPage from './InvitationPage';
import calendarModule from './module';

const fetchMock = vi.fn();
beforeAll(() => Promise.all([loadModuleTexts(authModule), loadModuleTexts(calendarModule)]));
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const session = { env: null, lang: 'en', setLanguage: async () => {} } as unknown as Session;
const event = {
  name: 'Design review',
  start: '2026-11-30T08:00:00.000Z',
  end: '2026-11-30T09:30:00.000Z',
  allDay: false,
  timeZone: 'Europe/Kyiv',
  place: 'Room 4',
  link: 'https://meet.example/dr',
};
const answered = (myAnswer: string) => json(200, { result: { _id: 'e1', myAnswer, event } });

function renderPage(query: string) {
  return render(
    <MantineProvider theme={buildTheme(null)} env="test">
      <QueryClientProvider client={new QueryClient()}>
        <SessionContext.Provider value={session}>
          <MemoryRouter initialEntries={[`/invitation/e1?${query}`]}>
            <Routes>
              <Route path="/invitation/:id" element={<InvitationPage />} />
            </Routes>
          </MemoryRouter>
        </SessionContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const sent = (call: number) => {
  const [url, init] = fetchMock.mock.calls[call] as [string, RequestInit];
  return { url, method: init.method, body: JSON.parse(String(init.body)) };
};

describe('the page an invitation mail links to', () => {
  it('gives the answer the link carries once, shows the event and lets the person change it', async () => {
    fetchMock.mockResolvedValueOnce(answered('accept')).mockResolvedValueOnce(answered('decline'));
    renderPage('answer=accept&u=u1&s=sig');
    expect(await screen.findByText('You accepted the invitation.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sent(0)).toEqual({
      url: '/api/event/e1/answer/link',
      method: 'PUT',
      body: { answer: 'accept', user: 'u1', signature: 'sig' },
    });
    expect(screen.getByText('Design review')).toBeTruthy();
    expect(screen.getByText('Room 4')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join the web conference' }).getAttribute('href')).toBe(
      'https://meet.example/dr',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('You declined the invitation.')).toBeTruthy();
    expect(sent(1).body).toEqual({ answer: 'decline', user: 'u1', signature: 'sig' });
  });

  it('says the link no longer works when the server does not know it, or when it is cut short', async () => {
    fetchMock.mockResolvedValueOnce(json(404, { result: false, code: 'not_found' }));
    const { unmount } = renderPage('answer=accept&u=u1&s=forged');
    expect((await screen.findByRole('alert')).textContent).toContain('This link no longer works');
    unmount();
    renderPage('answer=accept&u=u1');
    expect((await screen.findByRole('alert')).textContent).toContain('This link no longer works');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
