import { CHUNK_LOAD_TIMEOUT_MS } from '@hallway/shared';
import { type ComponentType, useEffect } from 'react';

/** Thrown when a page's code does not arrive in time; the route error element offers a retry. */
export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('Failed to load the page', { cause });
    this.name = 'ChunkLoadError';
  }
}

export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof ChunkLoadError ||
  (error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically|preload/i.test(
      error.message,
    ));

/** A page's code, given up on after 120 s (spec: chunk timeout) so the person gets a retry instead of a hang. */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError()), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error));
      },
    );
  });
}

/**
 * While a page's code failed to load, reloads the page as soon as the browser is online again: the person sees
 * "Failed to load the page" offline and the page itself once the connection is back, without pressing Retry.
 */
export function useReloadWhenOnline(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [active]);
}

export type PageModule = { default: ComponentType };

/**
 * A react-router `lazy` for a page module whose default export is the page. A failure is not rejected: react-router
 * keeps a route whose `lazy` rejected marked as still loading and renders only down to the nearest hydrate
 * fallback, which left the root empty (a white page). Instead the route gets a page that throws the load error, so
 * its error element ("Failed to load the page", retry) shows.
 */
export const lazyPage = (load: () => Promise<PageModule>) => async (): Promise<{ Component: ComponentType }> => {
  try {
    const page = await withChunkTimeout(load);
    return { Component: page.default };
  } catch (error) {
    return {
      Component: () => {
        throw error;
      },
    };
  }
};
