import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, lazyPage, withChunkTimeout } from './lazy';

afterEach(() => vi.useRealTimers());

const Page = () => null;

describe('lazy pages', () => {
  it('give up on a page whose code does not arrive within 120 s', async () => {
    vi.useFakeTimers();
    const pending = withChunkTimeout(() => new Promise(() => {}));
    const outcome = pending.catch((error: unknown) => error);
    vi.advanceTimersByTime(119_999);
    await Promise.resolve();
    vi.advanceTimersByTime(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('turn a failed import into a chunk error the retry message recognises', async () => {
    const failure = await withChunkTimeout(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Wall.js')),
    ).catch((error: unknown) => error);
    expect(isChunkLoadError(failure)).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('hand the router a page that throws the load error instead of rejecting', async () => {
    const { Component } = await lazyPage(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    )();
    let thrown: unknown;
    try {
      (Component as () => unknown)();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ChunkLoadError);
  });

  it('hand the page component to the router', async () => {
    await expect(lazyPage(async () => ({ default: Page }))()).resolves.toEqual({ Component: Page });
  });
});
