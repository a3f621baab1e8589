import { REACTIONS, type Reaction, type ReactionCounts } from '@hallway/shared';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { ReactionCountsRow } from './tables.js';

/**
 * One reaction per person per object (`POST api/post/like`): the same reaction again takes it back, another one
 * replaces it. Answers the reaction the person ends with and how each counter moves.
 */
export function toggleReaction(current: Reaction | null, requested: Reaction) {
  const changes: Partial<Record<Reaction, number>> = {};
  if (current) changes[current] = -1;
  const next = current === requested ? null : requested;
  if (next) changes[next] = (changes[next] ?? 0) + 1;
  const total = (next ? 1 : 0) - (current ? 1 : 0);
  return { next, changes, total };
}

/** The jsonb counters column moved by `changes`, never below zero; one statement, no read-modify-write race. */
export function movedCounts(column: AnyColumn, changes: Partial<Record<Reaction, number>>): SQL {
  const parts = Object.entries(changes)
    .filter(([, d]) => d !== 0)
    .map(
      ([reaction, d]) => sql`${reaction}::text, greatest(coalesce((${column}->>${reaction})::int, 0) + ${d}::int, 0)`,
    );
  if (!parts.length) return sql`${column}`;
  return sql`${column} || jsonb_build_object(${sql.join(parts, sql`, `)})`;
}

/** Every reaction with its count, zeros included, so the web never guesses. */
export function reactionCounts(row: ReactionCountsRow): ReactionCounts {
  return Object.fromEntries(REACTIONS.map((r) => [r, row[r] ?? 0])) as ReactionCounts;
}
