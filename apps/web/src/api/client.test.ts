import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, setApiErrorHandler } from './client';
import { authStore } from './storage';

const fetchMock = vi.fn();
const handler = vi.fn();

beforeEach(() => {
  fetchMock.mockReset();
  handler.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setApiErrorHandler(handler);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setApiErrorHandler(() => {});
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the fetch client', () => {
  it('sends the bearer token and, for a chosen workspace, X-COMPANY-ID', async () => {
    authStore.signIn('token-1', { _id: 'u1' } as never);
    authStore.setCurrentClient({ _id: 'c1', workspace: 'demo', name: 'Demo' });
    fetchMock.mockImplementation(async () => json(200, { result: 1 }));
    await expect(api('/api/user/me', { query: { deleted: '1', empty: '' } })).resolves.toEqual({ result: 1 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit & { headers: Record<string, string> }];
    expect(url).toBe('/api/user/me?deleted=1');
    expect(init.headers.Authorization).toBe('Bearer token-1');
    expect(init.headers['X-COMPANY-ID']).toBe('c1');
    await api('/api/clients', { company: false });
    expect((fetchMock.mock.calls[1][1] as { headers: Record<string, string> }).headers['X-COMPANY-ID']).toBeUndefined();
  });

  it('turns a failure into an ApiError with the server code and hands it to the global handling', async () => {
    authStore.signIn('token-1', { _id: 'u1' } as never);
    fetchMock.mockResolvedValue(
      json(401, { message: 'The session has expired, sign in again', code: 'session_expired' }),
    );
    const failure = await api('/api/user/me').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect((failure as ApiError).code).toBe('session_expired');
    expect(handler).toHaveBeenCalledWith(failure, { local: false, hadToken: true });
  });

  it('keeps field errors and no_show, and marks calls that show their own errors', async () => {
    fetchMock.mockResolvedValue(
      json(400, { message: 'Validation error', code: 'validation', fields: { email: 'email_taken' }, no_show: true }),
    );
    const failure = (await api('/api/register', { body: {}, local: true }).catch((e: unknown) => e)) as ApiError;
    expect(failure.fields).toEqual({ email: 'email_taken' });
    expect(failure.noShow).toBe(true);
    expect(handler).toHaveBeenCalledWith(failure, { local: true, hadToken: false });
    expect((fetchMock.mock.calls[0][1] as RequestInit).method).toBe('POST');
  });

  it('reports no answer as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const failure = (await api('/api/env').catch((e: unknown) => e)) as ApiError;
    expect(failure.status).toBe(0);
    expect(failure.code).toBe('network');
  });

  it('stays quiet when asked (logout with a revoked token)', async () => {
    authStore.signIn('token-1', { _id: 'u1' } as never);
    fetchMock.mockResolvedValue(json(401, { message: 'x', code: 'session_expired' }));
    await api('/api/logout', { body: {}, quiet: true }).catch(() => undefined);
    expect(handler).not.toHaveBeenCalled();
  });
});
