import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useTransitionQuery } from './transitionQuery';

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const answers = new Map<string, (value: string) => void>();
  const asked: string[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const options = (key: string, enabled = true) => ({
    queryKey: ['thing', key],
    queryFn: () => {
      asked.push(key);
      return new Promise<string>((resolve) => answers.set(key, resolve));
    },
    enabled,
  });
  const answer = (key: string, value: string) => act(async () => answers.get(key)!(value));
  return { client, wrapper, options, answer, asked };
}

describe('useTransitionQuery', () => {
  it('asks once, shows pending, then the answer', async () => {
    const { wrapper, options, answer, asked } = setup();
    const { result } = renderHook(() => useTransitionQuery(options('a')), { wrapper });
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(asked).toEqual(['a']));
    await answer('a', 'first');
    await waitFor(() => expect(result.current.data).toBe('first'));
    expect(result.current.isFetched).toBe(true);
  });

  it('waits while disabled and asks once enabled', async () => {
    const { wrapper, options, answer, asked } = setup();
    const { result, rerender } = renderHook(({ enabled }) => useTransitionQuery(options('a', enabled)), {
      wrapper,
      initialProps: { enabled: false },
    });
    expect(result.current.data).toBeUndefined();
    expect(asked).toEqual([]);
    rerender({ enabled: true });
    await waitFor(() => expect(asked).toEqual(['a']));
    await answer('a', 'now');
    await waitFor(() => expect(result.current.data).toBe('now'));
  });

  it("follows a new key without ever showing the old key's answer for it", async () => {
    const { wrapper, options, answer } = setup();
    const seen: { key: string; data: string | undefined }[] = [];
    const { result, rerender } = renderHook(
      ({ key }) => {
        const query = useTransitionQuery(options(key));
        seen.push({ key, data: query.data });
        return query;
      },
      { wrapper, initialProps: { key: 'a' } },
    );
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    await answer('a', 'of a');
    await waitFor(() => expect(result.current.data).toBe('of a'));
    rerender({ key: 'b' });
    await waitFor(() => expect(result.current.isFetching).toBe(true));
    await answer('b', 'of b');
    await waitFor(() => expect(result.current.data).toBe('of b'));
    expect(seen.filter((s) => s.key === 'b').map((s) => s.data)).not.toContain('of a');
  });

  it('shows what is written to the cache (a realtime change)', async () => {
    const { client, wrapper, options, answer } = setup();
    const { result } = renderHook(() => useTransitionQuery(options('a')), { wrapper });
    await answer('a', 'fetched');
    await waitFor(() => expect(result.current.data).toBe('fetched'));
    act(() => client.setQueryData(['thing', 'a'], 'pushed'));
    await waitFor(() => expect(result.current.data).toBe('pushed'));
  });
});
