import './zodWithoutEval';
import { mailingCreate } from '@hallway/shared';
import { afterEach, expect, it, vi } from 'vitest';
import { z } from 'zod';

afterEach(() => {
  vi.restoreAllMocks();
});

it('makes Zod check objects without compiling code, which the Content-Security-Policy would refuse', () => {
  const compile = vi.spyOn(globalThis, 'Function');
  const own = z.object({ name: z.string(), count: z.number() });
  expect(own.parse({ name: 'a', count: 1 })).toEqual({ name: 'a', count: 1 });
  expect(mailingCreate.safeParse({ workspace: 'acme', action: 'weekly_digest', schedule: '0 9 * * 1' }).success).toBe(
    true,
  );
  expect(compile).not.toHaveBeenCalled();
  expect(z.config().jitless).toBe(true);
});
