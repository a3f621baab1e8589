import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../api/storage';
import profile from '../features/profile/module';
import wall from '../features/wall/module';
import { prefetchLoader } from './router';
import type { ShellRoute } from './webModule';

const args = (params: Record<string, string>) => ({ params }) as unknown as LoaderFunctionArgs;
const person = { _id: 'me' } as Parameters<typeof authStore.signIn>[1];

afterEach(() => authStore.clearAll());

describe('route prefetch', () => {
  it("starts a signed-in person's page request when the route matches, without making navigation wait", async () => {
    authStore.signIn('token', person);
    const client = new QueryClient();
    let finish: () => void = () => undefined;
    const prefetch = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const route: ShellRoute = { path: 'x/:id', load: vi.fn(), prefetch };
    const loader = prefetchLoader(route, client, () => true);
    expect(loader?.(args({ id: '42' }))).toBeNull();
    expect(prefetch).toHaveBeenCalledWith({ id: '42' }, client);
    finish();
  });

  it('asks nothing for a visitor, for a route without prefetch or after the first load; swallows a failure', async () => {
    const client = new QueryClient();
    const prefetch = vi.fn(() => Promise.reject(new Error('offline')));
    const loader = prefetchLoader({ path: 'x', load: vi.fn(), prefetch }, client, () => true);
    loader?.(args({}));
    expect(prefetch).not.toHaveBeenCalled();
    expect(prefetchLoader({ path: 'x', load: vi.fn() }, client, () => true)).toBeUndefined();
    authStore.signIn('token', person);
    expect(loader?.(args({}))).toBeNull();
    await Promise.resolve();
    expect(prefetch).toHaveBeenCalledOnce();
    // After the first load, navigations fetch through the page itself.
    const later = prefetchLoader({ path: 'x', load: vi.fn(), prefetch }, client, () => false);
    later?.(args({}));
    expect(prefetch).toHaveBeenCalledOnce();
  });

  it("the profile's prefetch fills the cache the page reads", async () => {
    authStore.signIn('token', person);
    const client = new QueryClient();
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ result: { _id: 'u1', fullName: 'Anna Berg' } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const route = profile.routes?.[0];
    await route?.prefetch?.({ _id: 'u1' }, client);
    expect(String(fetchSpy.mock.calls[0]?.[0])).toContain('/api/user/u1');
    const { profileQueries } = await import('../features/profile/queries');
    expect(client.getQueryData(profileQueries.person('u1').queryKey)).toMatchObject({ fullName: 'Anna Berg' });
    fetchSpy.mockRestore();
  });

  it("the wall's prefetch asks for the feed the kept person chose last, under the key the page reads", async () => {
    authStore.signIn('token', { _id: 'u1', client_id: 'c1' } as Parameters<typeof authStore.signIn>[1]);
    localStorage.setItem('hallway.wallFeed', '"user"');
    const client = new QueryClient();
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ result: [], total: 0, page: 0, pages: 0 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await wall.routes?.[0]?.prefetch?.({}, client);
    expect(String(fetchSpy.mock.calls[0]?.[0])).toContain('/api/post/user_feed/u1/0');
    const { wallQueries } = await import('../features/wall/queries');
    expect(client.getQueryData(wallQueries.feed('user', 'u1').queryKey)).toBeDefined();
    localStorage.removeItem('hallway.wallFeed');
    fetchSpy.mockRestore();
  });

  it("the wall's prefetch asks nothing without a kept workspace (a superadmin)", async () => {
    authStore.signIn('token', { _id: 'sa', client_id: null } as Parameters<typeof authStore.signIn>[1]);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await wall.routes?.[0]?.prefetch?.({}, new QueryClient());
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});
