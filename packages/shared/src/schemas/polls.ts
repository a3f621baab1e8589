import { z } from 'zod';
import { LONG_TEXT_MAX, TEXT_MAX } from '../limits.js';
import { audienceGrantDto, audienceGrants } from './audience.js';
import { isoDateTime } from './common.js';
import { personCard } from './posts.js';

/**
 * Polls (modules §3 Poll, §4 finish, §5 Poll, §6 Polls, §7 "Polls", §9; portal §6 "Other rules"; docs/api.md "Polls").
 * A poll is published when it is created; its recipients are audience grants of the kind `poll` (none: everyone of
 * the workspace; a closed poll needs some). Question and answer ids are short keys the editor chooses (or the server
 * gives), not uuids: they name parts of one poll, never an object of the workspace.
 */
export const POLL_TYPES = ['opened', 'closed', 'anonymous'] as const;
export type PollType = (typeof POLL_TYPES)[number];
export const POLL_QUESTION_KINDS = ['short_text', 'long_text', 'range', 'single', 'multiple'] as const;
export type PollQuestionKind = (typeof POLL_QUESTION_KINDS)[number];
/** Range questions run from 1 to one of these (modules §3, §9). */
export const POLL_RANGES = [5, 10, 100] as const;
export type PollRange = (typeof POLL_RANGES)[number];
export const POLL_LIST_KINDS: readonly PollQuestionKind[] = ['single', 'multiple'];

/** Answers a list question may offer (modules §9). */
export const POLL_ANSWERS_MAX = 15;
export const POLL_QUESTIONS_MAX = 100;
export const POLL_NAME_MAX = 200;
export const POLL_DESCRIPTION_MAX = LONG_TEXT_MAX;
export const POLL_QUESTION_MAX = 1000;
export const POLL_ANSWER_MAX = TEXT_MAX;
export const POLL_SHORT_TEXT_MAX = TEXT_MAX;
export const POLL_LONG_TEXT_MAX = LONG_TEXT_MAX;
export const POLL_PAGE_SIZE = 50;
export const POLL_TABLE_PAGE_SIZE = 100;
export const POLL_TEXTS_MAX = 500;

const key = z
  .string()
  .trim()
  .min(1, 'required')
  .max(64, 'too_long')
  .regex(/^[A-Za-z0-9_-]+$/, 'poll_key_invalid');
// Texts may arrive empty: the service answers the §5 rules with their own codes (poll_question_text_required, …).
const pollAnswer = z.object({ id: key.optional(), text: z.string().trim().max(POLL_ANSWER_MAX, 'too_long') });
export const pollQuestion = z.object({
  id: key.optional(),
  text: z.string().trim().max(POLL_QUESTION_MAX, 'too_long'),
  kind: z.enum(POLL_QUESTION_KINDS, 'poll_question_kind_unknown'),
  mandatory: z.boolean().default(false),
  // Bounded here for size; more than POLL_ANSWERS_MAX is refused by the service with `poll_too_many_answers`.
  answers: z.array(pollAnswer).max(100, 'too_long').default([]),
  range: z
    .union(
      POLL_RANGES.map((r) => z.literal(r)),
      'poll_range_invalid',
    )
    .nullish(),
});
export type PollQuestionInput = z.input<typeof pollQuestion>;

export const createPollBody = z.object({
  name: z.string().trim().max(POLL_NAME_MAX, 'too_long'),
  description: z.string().trim().max(POLL_DESCRIPTION_MAX, 'too_long').default(''),
  type: z.enum(POLL_TYPES, 'poll_type_unknown'),
  questions: z.array(pollQuestion).max(POLL_QUESTIONS_MAX, 'too_long'),
  /** The recipients: audience grants (none: everyone of the workspace; closed polls need some). */
  grants: audienceGrants.default([]),
  /** Respondents may change their answers until the poll finishes (not for anonymous polls). */
  allow_change: z.boolean().default(false),
  /** When the poll finishes by itself (a job); null: when its author finishes it. */
  deadline: isoDateTime().nullable().optional(),
});
export type CreatePollBody = z.infer<typeof createPollBody>;
export const updatePollBody = createPollBody.partial().extend({
  description: z.string().trim().max(POLL_DESCRIPTION_MAX, 'too_long').optional(),
  grants: audienceGrants.optional(),
  allow_change: z.boolean().optional(),
});
export type UpdatePollBody = z.infer<typeof updatePollBody>;

/** One answer of a submission: `value` for a range, `text` for a text question, `options` for a list question. */
export const pollAnswerInput = z.object({
  question: key,
  value: z.number().int('poll_range_answer_invalid').optional(),
  text: z.string().trim().max(POLL_LONG_TEXT_MAX, 'too_long').optional(),
  options: z.array(key).max(POLL_ANSWERS_MAX, 'too_long').optional(),
});
export type PollAnswerInput = z.infer<typeof pollAnswerInput>;
export const pollAnswersBody = z.object({ answers: z.array(pollAnswerInput).max(POLL_QUESTIONS_MAX, 'too_long') });
export type PollAnswersBody = z.infer<typeof pollAnswersBody>;

export const pollListQuery = z.object({
  status: z.enum(['all', 'active', 'finished']).default('all'),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type PollListQuery = z.infer<typeof pollListQuery>;
export const pollPageQuery = z.object({ page: z.coerce.number().int().min(0).max(100_000).default(0) });

export const pollCan = z.object({
  edit: z.boolean(),
  /** Questions and type may change only while nobody has answered. */
  edit_questions: z.boolean(),
  finish: z.boolean(),
  delete: z.boolean(),
  answer: z.boolean(),
  /** The general results. */
  results: z.boolean(),
  /** The table of responses and its xlsx export. */
  table: z.boolean(),
  /** The table names its respondents (never for anonymous polls). */
  names: z.boolean(),
  /** "Not passed" and "remind". */
  not_passed: z.boolean(),
  copy: z.boolean(),
});
export type PollCan = z.infer<typeof pollCan>;

export const pollQuestionDto = z.object({
  id: z.string(),
  text: z.string(),
  kind: z.enum(POLL_QUESTION_KINDS),
  mandatory: z.boolean(),
  answers: z.array(z.object({ id: z.string(), text: z.string() })),
  range: z.number().int().nullable(),
});
export type PollQuestionDto = z.infer<typeof pollQuestionDto>;

export const pollItem = z.object({
  _id: z.string(),
  client_id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(POLL_TYPES),
  author: personCard,
  created: z.string(),
  deadline: z.string().nullable(),
  finished: z.boolean(),
  finished_at: z.string().nullable(),
  allow_change: z.boolean(),
  questions_count: z.number().int(),
  /** How many people answered. */
  responses: z.number().int(),
  /** Whether the person the list is for (or the caller) answered. */
  answered: z.boolean(),
  can: pollCan,
});
export type PollItem = z.infer<typeof pollItem>;

export const storedAnswer = z.object({
  value: z.number().int().optional(),
  text: z.string().optional(),
  options: z.array(z.string()).optional(),
});
export type StoredAnswer = z.infer<typeof storedAnswer>;

export const pollDto = pollItem.extend({
  questions: z.array(pollQuestionDto),
  /** The recipients as given (for those who edit the poll; empty otherwise). */
  grants: z.array(audienceGrantDto),
  /** How many people the poll is for. */
  recipients: z.number().int(),
  /** The caller's own answers by question id (never for anonymous polls: nothing links them to the caller). */
  my_answers: z.record(z.string(), storedAnswer).nullable(),
});
export type PollDto = z.infer<typeof pollDto>;

export const pollPage = z.object({
  result: z.array(pollItem),
  total: z.number().int(),
  page: z.number().int(),
  can: z.object({ create: z.boolean() }),
});

export const pollQuestionResult = z.object({
  id: z.string(),
  text: z.string(),
  kind: z.enum(POLL_QUESTION_KINDS),
  mandatory: z.boolean(),
  /** How many responses answer it. */
  answered: z.number().int(),
  /** List questions: each answer with how many chose it. */
  options: z.array(z.object({ id: z.string(), text: z.string(), count: z.number().int() })).optional(),
  /** Range questions: the count of each value 1..range (index 0 is 1), and the mean. */
  range: z.number().int().optional(),
  distribution: z.array(z.number().int()).optional(),
  mean: z.number().nullable().optional(),
  /** Text questions: the texts (at most POLL_TEXTS_MAX, in no order that follows time). */
  texts: z.array(z.string()).optional(),
});
export const pollResults = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(POLL_TYPES),
  finished: z.boolean(),
  responses: z.number().int(),
  recipients: z.number().int(),
  /** responses / recipients, 0..1 (0 without recipients). */
  rate: z.number(),
  questions: z.array(pollQuestionResult),
  can: pollCan,
});
export type PollResults = z.infer<typeof pollResults>;

export const pollTableRow = z.object({
  /** The response's own random id (it names nothing else). */
  _id: z.string(),
  /** Who answered; null in anonymous polls. */
  person: personCard.nullable(),
  /** When; null in anonymous polls. */
  answered: z.string().nullable(),
  /** The answers as text, by question id. */
  answers: z.record(z.string(), z.string()),
});
export const pollTablePage = z.object({
  columns: z.array(z.object({ id: z.string(), text: z.string() })),
  names: z.boolean(),
  result: z.array(pollTableRow),
  total: z.number().int(),
  page: z.number().int(),
});
export const pollPeoplePage = z.object({
  result: z.array(personCard),
  total: z.number().int(),
  page: z.number().int(),
});

/** `GET api/poll/{id}/copy`: a new poll's body made of an existing one, for the editor (nothing is saved). */
export const pollCopy = z.object({
  name: z.string(),
  description: z.string(),
  type: z.enum(POLL_TYPES),
  questions: z.array(pollQuestionDto),
  grants: z.array(audienceGrantDto),
  allow_change: z.boolean(),
  deadline: z.null(),
});
