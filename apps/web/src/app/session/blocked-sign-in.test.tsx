import { notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, reportApiError } from '../../api/client';
import { logoutCall } from '../../api/session';
import { authStore } from '../../api/storage';
import { useApiErrorHandling } from './useApiErrorHandling';

// Issue 12 #4: a sign-in refused for a blocked workspace showed its error twice (the form's and a toast) and
// called POST /api/logout without a session, which answered 401.
const blocked = new ApiError(403, { message: 'The company is blocked', code: 'company_blocked' });

let where = '';
function Probe({ signOut }: { signOut: () => Promise<void> }) {
  useApiErrorHandling(signOut);
  where = useLocation().pathname;
  return null;
}
const renderAt = (path: string, signOut: () => Promise<void>) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<Probe signOut={signOut} />} />
      </Routes>
    </MemoryRouter>,
  );

const fetchMock = vi.fn();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  authStore.clearAll();
});

describe('a blocked workspace', () => {
  it('leaves a refused sign-in to the form: no toast, no sign-out', () => {
    const show = vi.spyOn(notifications, 'show');
    const signOut = vi.fn(async () => {});
    renderAt('/login_new/', signOut);
    reportApiError(blocked, { local: true, hadToken: false });
    expect(show).not.toHaveBeenCalled();
    expect(signOut).not.toHaveBeenCalled();
    expect(where).toBe('/login_new/');
  });

  it('still signs out a signed-in person whose workspace gets blocked, with one notice', () => {
    const show = vi.spyOn(notifications, 'show');
    const signOut = vi.fn(async () => {});
    renderAt('/wall', signOut);
    reportApiError(blocked, { local: false, hadToken: true });
    expect(show).toHaveBeenCalledTimes(1);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('calls POST /api/logout only with a session', async () => {
    fetchMock.mockImplementation(async () => new Response('{"result":true}', { status: 200 }));
    await logoutCall(null);
    expect(fetchMock).not.toHaveBeenCalled();
    authStore.signIn('token-1', { _id: 'u1' } as never);
    await logoutCall('u1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/logout');
  });
});
