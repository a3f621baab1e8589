import { useEffect, useState } from 'react';

/**
 * The milliseconds left until `deadline` by the server's clock: `offset` is the server's `now` less the local clock
 * when the attempt arrived, so a wrong clock on the person's machine moves nothing. Null without a deadline.
 */
export function useCountdown(deadline: string | null, offset: number): number | null {
  const left = () => (deadline ? Math.max(0, Date.parse(deadline) - (Date.now() + offset)) : null);
  const [remaining, setRemaining] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads only the deadline and the offset
  useEffect(() => {
    setRemaining(left());
    if (!deadline) return;
    const timer = setInterval(() => {
      const next = left();
      setRemaining(next);
      if (next === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline, offset]);
  return remaining;
}

/** `m:ss`, or `h:mm:ss` from an hour on. */
export function formatLeft(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
