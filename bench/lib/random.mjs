/**
 * A seeded generator (mulberry32): the same seed gives the same data set, so figures from two runs compare.
 * Math.random would make every run a different company.
 */
export function createRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
    digits: (n) => Array.from({ length: n }, () => int(0, 9)).join(''),
    /** A day between two dates, as YYYY-MM-DD. */
    day: (from, to) => {
      const a = Date.parse(from);
      const b = Date.parse(to);
      return new Date(a + Math.floor(next() * (b - a))).toISOString().slice(0, 10);
    },
    /** A child generator: one step's data does not shift when another step draws more numbers. */
    fork: (salt) => createRandom((seed ^ Math.imul(salt, 0x9e3779b1)) >>> 0),
  };
}

/** A stable number for a name, to fork generators by step name. */
export function hashName(name) {
  let h = 2166136261;
  for (const c of name) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}
