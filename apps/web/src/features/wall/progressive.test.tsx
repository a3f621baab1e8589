import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_POSTS, useProgressivePosts } from './Feed';

const list = (count: number) => Array.from({ length: count }, (_, i) => `post-${i}`);

describe('a feed drawn first few first', () => {
  it('draws the first posts, then every post in the following background render', () => {
    const seen: { posts: string[] | undefined; complete: boolean }[] = [];
    const items = list(20);
    const { result } = renderHook(() => {
      const shown = useProgressivePosts(items);
      seen.push(shown);
      return shown;
    });
    expect(seen[0]).toEqual({ posts: items.slice(0, FIRST_POSTS), complete: false });
    expect(result.current).toEqual({ posts: items, complete: true });
  });

  it('draws a short list whole at once, and nothing before there is a list', () => {
    const { result, rerender } = renderHook(({ items }) => useProgressivePosts(items), {
      initialProps: { items: undefined as string[] | undefined },
    });
    expect(result.current).toEqual({ posts: undefined, complete: true });
    rerender({ items: list(FIRST_POSTS) });
    expect(result.current).toEqual({ posts: list(FIRST_POSTS), complete: true });
  });
});
