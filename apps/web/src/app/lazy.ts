import { CHUNK_LOAD_TIMEOUT_MS } from '@hallway/shared';
import type { ComponentType } from 'react';

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

export type PageModule = { default: ComponentType };

/** A react-router `lazy` for a page module whose default export is the page. */
export const lazyPage = (load: () => Promise<PageModule>) => async () => {
  const page = await withChunkTimeout(load);
  return { Component: page.default };
};
