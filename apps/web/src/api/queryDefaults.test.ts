import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileQueries } from '../features/profile/queries';
import { queryDefaults } from './queryDefaults';

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
// The app's defaults, with the retry's pause taken out so the test does not wait on a clock.
const client = () => new QueryClient({ defaultOptions: { queries: { ...queryDefaults.queries, retryDelay: 0 } } });

// Issue 12 #5: the profile of a missing person was requested twice (the global retry repeated the 404).
describe('query retries', () => {
  it('asks for a missing person once', async () => {
    fetchMock.mockImplementation(async () => json(404, { message: 'User not found', code: 'user_not_found' }));
    const failure = await client()
      .fetchQuery(profileQueries.person('11111111-1111-1111-1111-111111111111'))
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 404, code: 'user_not_found' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('still tries once more after no answer or a server failure', async () => {
    fetchMock
      .mockImplementationOnce(async () => json(503, { message: 'Unavailable', code: 'service_unavailable' }))
      .mockImplementationOnce(async () => json(200, { result: { _id: 'u1' } }));
    await expect(client().fetchQuery(profileQueries.person('u1'))).resolves.toMatchObject({ _id: 'u1' });
    fetchMock.mockReset();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(client().fetchQuery(profileQueries.person('u2'))).rejects.toMatchObject({ status: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
