import type { UserDto } from '@hallway/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../api/storage';
import { useSessionState } from './useSessionState';

// Issue 27 item 6: after a fresh sign-in the interface showed English before the person's language, and a language
// chosen while own info was still loading was not saved.
const person = { _id: 'u-anna', roles: [], lang: 'ru', rights: {} } as unknown as UserDto;
const fetchMock = vi.fn();
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    if (url === '/api/env') return json({ vendor: 'hallway', defaultLang: 'en', oidc: false });
    if (url === `/api/user/${person._id}` && init?.method === 'PUT') return json({ result: { ...person, lang: 'ua' } });
    // Own info stays on its way for the whole test: the moments right after sign-in.
    return new Promise<Response>(() => {});
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  authStore.clearAll();
});

function renderSession() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MemoryRouter>
  );
  return renderHook(() => useSessionState(), { wrapper });
}

describe('signing in', () => {
  it("shows the person's own language as soon as sign-in completes, before own info arrives", async () => {
    const { result } = renderSession();
    await waitFor(() => expect(result.current.booting).toBe(false));
    expect(result.current.lang).toBe('en');
    await act(() => result.current.signIn('token-1', person));
    expect(result.current.lang).toBe('ru');
  });

  it('saves a language chosen while own info is still loading', async () => {
    const { result } = renderSession();
    await waitFor(() => expect(result.current.booting).toBe(false));
    await act(() => result.current.signIn('token-1', person));
    await act(() => result.current.setLanguage('uk'));
    const saves = fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');
    expect(saves.map(([url, init]) => [url, JSON.parse((init as RequestInit).body as string)])).toEqual([
      [`/api/user/${person._id}`, { lang: 'ua' }],
    ]);
  });
});
