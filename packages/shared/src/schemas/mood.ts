import { z } from 'zod';
import { id, isoDate } from './common.js';

/**
 * The mood meter (portal §2 "mood meter", §4 startup step 6, §9; modules §3 Mood, §7 "Mood"; docs/api.md "Mood"):
 * once a day a person rates their mood from 1 to 10 with an optional comment; administrators read the workspace's
 * statistics over one or two weeks, where a group with fewer answers than the workspace's minimum is not shown on
 * its own, so nobody's mood can be singled out.
 */
export const MOOD_MIN = 1;
export const MOOD_MAX = 10;
export const MOOD_COMMENT_MAX = 1000;
/** The analysis period is one or two weeks (portal §9): at most 14 days, both ends included. */
export const MOOD_PERIOD_DAYS_MAX = 14;
/** A department (or a day) with fewer answers than this is not shown on its own; a workspace setting. */
export const MOOD_MIN_ANSWERS_DEFAULT = 5;
export const MOOD_MIN_ANSWERS_MAX = 100;
/** Comments the statistics show at most (the newest first, without names). */
export const MOOD_COMMENTS_SHOWN = 50;

export const moodCheckParams = z.object({ id });
export const moodCheck = z.object({ need: z.boolean() });
export type MoodCheck = z.infer<typeof moodCheck>;

export const moodBody = z.object({
  mood: z
    .number('mood_value_invalid')
    .int('mood_value_invalid')
    .min(MOOD_MIN, 'mood_value_invalid')
    .max(MOOD_MAX, 'mood_value_invalid'),
  comment: z.string().trim().max(MOOD_COMMENT_MAX, 'too_long').default(''),
});
export type MoodBody = z.input<typeof moodBody>;

export const moodDto = z.object({ mood: z.number().int(), comment: z.string(), day: z.string() });
export type MoodDto = z.infer<typeof moodDto>;

export const moodStatParams = z.object({ client: id, from: isoDate, to: isoDate });

/** Answers of a group (a day, a department): its average only when it has at least the minimum of answers. */
const group = { count: z.number().int(), average: z.number().nullable() };

export const moodStat = z.object({
  from: z.string(),
  to: z.string(),
  /** The workspace's minimum of answers for a group to be shown on its own. */
  minAnswers: z.number().int(),
  /** Every answer of the period. */
  count: z.number().int(),
  /** How many different people answered. */
  people: z.number().int(),
  /** Null while the whole period has fewer answers than the minimum (then nothing else is shown either). */
  average: z.number().nullable(),
  /** How many answers gave each mood, 1 to 10 (index 0 is mood 1); all zero below the minimum. */
  distribution: z.array(z.number().int()),
  /** Every day of the period, in order. */
  trend: z.array(z.object({ day: z.string(), ...group })),
  /** Departments with at least the minimum of answers, best first. */
  departments: z.array(z.object({ name: z.string(), ...group })),
  /** Departments below the minimum, counted together as one group (its average only if it reaches the minimum). */
  others: z.object({ departments: z.number().int(), ...group }),
  /** The newest comments, without names or days; none below the minimum. */
  comments: z.array(z.string()),
});
export type MoodStat = z.infer<typeof moodStat>;

export const moodSettings = z.object({
  minAnswers: z
    .number('mood_min_answers_invalid')
    .int('mood_min_answers_invalid')
    .min(1, 'mood_min_answers_invalid')
    .max(MOOD_MIN_ANSWERS_MAX, 'mood_min_answers_invalid'),
});
export type MoodSettings = z.infer<typeof moodSettings>;
