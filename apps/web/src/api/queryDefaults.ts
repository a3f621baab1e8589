import type { DefaultOptions } from '@tanstack/react-query';
import { isApiError } from './client';

/**
 * One retry for a failure that may pass (no answer, a 5xx); a 4xx is the server's definite answer (a missing person
 * stays missing), so asking again only doubles the request.
 */
export function retryOnce(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  return !(isApiError(error) && error.status >= 400 && error.status < 500);
}

export const queryDefaults: DefaultOptions = {
  queries: { retry: retryOnce, refetchOnWindowFocus: false, staleTime: 30_000 },
};
