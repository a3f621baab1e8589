import {
  notifyManager,
  type QueryKey,
  QueryObserver,
  type QueryObserverResult,
  type UseQueryOptions,
  useQueryClient,
} from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';

/**
 * `useQuery` whose answers reach the component as transition updates of its own state, for queries read while a
 * long background render is under way (the start-up, a page's first render): TanStack Query's `useQuery` is an
 * external store, and an answer arriving in the middle of such a render makes React throw the render away and
 * redo it synchronously, as one long task (seen in `AUDIT_PROFILE=1 npm run audit:web` as "Teared Render").
 * The cache, fetching, retries and refetches are TanStack Query's own (a `QueryObserver`, as `useQuery` uses).
 */
export function useTransitionQuery<TData, TKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TData, Error, TData, TKey>,
): QueryObserverResult<TData, Error> {
  const client = useQueryClient();
  const defaulted = client.defaultQueryOptions(options);
  const { queryHash, enabled } = defaulted;
  const [observer] = useState(() => new QueryObserver<TData, Error, TData, TData, TKey>(client, defaulted));
  const [held, setHeld] = useState(() => ({ queryHash, result: observer.getOptimisticResult(defaulted) }));

  // The options as of this render (a new key or `enabled` fetches), then what the observer holds for them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options change what is asked only through these.
  useEffect(() => {
    observer.setOptions(defaulted);
    startTransition(() => setHeld({ queryHash, result: observer.getCurrentResult() }));
  }, [observer, queryHash, enabled]);

  useEffect(
    () =>
      observer.subscribe(
        notifyManager.batchCalls((result) =>
          startTransition(() => setHeld({ queryHash: observer.options.queryHash ?? '', result })),
        ),
      ),
    [observer],
  );

  // Until the observer follows a new key, what the cache holds for it (as useQuery shows), never the old key's answer.
  return held.queryHash === queryHash ? held.result : observer.getOptimisticResult(defaulted);
}
