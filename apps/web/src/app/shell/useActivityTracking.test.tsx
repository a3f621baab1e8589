import { act, render, renderHook } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../api/storage';
import { moduleOfPath, useActivityTracking, useModuleVisits } from './useActivityTracking';

const fetchMock = vi.fn(async () => new Response('{"result":true}', { status: 200 }));
const calls = () =>
  fetchMock.mock.calls.map((call) => {
    const [url, init] = call as unknown as [string, RequestInit];
    return { url, body: JSON.parse(String(init.body)) };
  });

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  authStore.signIn('token-1', { _id: 'u1' } as never);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('activity tracking (spec portal §4)', () => {
  it('stores the start at the first activity and reports the session after the idle time', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-02T09:00:00Z'));
    renderHook(() => useActivityTracking('u1', 'c1', 10 * 60_000));

    window.dispatchEvent(new MouseEvent('click'));
    vi.advanceTimersByTime(4 * 60_000);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    vi.advanceTimersByTime(10 * 60_000 - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);

    expect(calls()).toEqual([
      {
        url: '/api/analytics/visitors',
        body: {
          sessionStart: '2026-03-02T09:00:00.000Z',
          currentTime: '2026-03-02T09:14:00.000Z',
          userId: 'u1',
          clientId: 'c1',
        },
      },
    ]);

    // The start reset: the next activity, ten minutes later, opens a new session.
    vi.advanceTimersByTime(10 * 60_000);
    window.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(10 * 60_000);
    expect(calls()[1].body.sessionStart).toBe('2026-03-02T09:24:00.000Z');
  });

  it('tracks nobody outside a workspace', () => {
    vi.useFakeTimers();
    renderHook(() => useActivityTracking('u1', null, 1000));
    window.dispatchEvent(new MouseEvent('click'));
    vi.advanceTimersByTime(5000);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

let go: (path: string) => void = () => {};

/** Reports visits like the shell does and hands the test a way to navigate. */
function Tracker() {
  const navigate = useNavigate();
  useEffect(() => {
    go = navigate;
  }, [navigate]);
  useModuleVisits('u1', 'c1');
  return null;
}

describe('module visits (spec portal §2)', () => {
  it('knows the exempt pages', () => {
    expect(moduleOfPath('/company')).toBe('company');
    expect(moduleOfPath('/employees/')).toBe('employees');
    expect(moduleOfPath('/profile/u1')).toBeNull();
    expect(moduleOfPath('/clients')).toBeNull();
    expect(moduleOfPath('/login/')).toBeNull();
    expect(moduleOfPath('/no/such/page')).toBeNull();
  });

  it('reports a module when its page is left', async () => {
    const view = render(
      <MemoryRouter initialEntries={['/company']}>
        <Tracker />
      </MemoryRouter>,
    );
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => go('/profile/u1'));
    expect(calls().map((c) => [c.url, c.body.module, c.body.userId, c.body.clientId])).toEqual([
      ['/api/analytics/modules', 'company', 'u1', 'c1'],
    ]);
    await act(async () => go('/employees/'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(calls().map((c) => c.body.module)).toEqual(['company', 'employees']);
  });
});
