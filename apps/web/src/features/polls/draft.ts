import type { AudienceGrantDto } from '@hallway/shared';
import {
  POLL_ANSWER_MAX,
  POLL_ANSWERS_MAX,
  POLL_LIST_KINDS,
  POLL_NAME_MAX,
  POLL_QUESTION_MAX,
  type PollDto,
  type PollQuestionDto,
  type PollQuestionKind,
  type PollRange,
  type PollType,
} from '@hallway/shared/polls';
import dayjs from 'dayjs';
import { grantProblem } from '../../ui/GrantEditor';
import type { PollCopy, PollInput } from './api';

/**
 * The editor's poll (modules §3 "Poll", §5): what the person types, each question and answer with its own key. The
 * keys are the poll's question and answer ids (docs/api.md "Polls": short keys the editor may give), so a question
 * dragged elsewhere keeps its key, its errors and its place in the results.
 */
export interface DraftAnswer {
  key: string;
  text: string;
}
export interface DraftQuestion {
  key: string;
  text: string;
  kind: PollQuestionKind;
  mandatory: boolean;
  /** Kept while the question is of a kind without answers, so a change of kind back loses nothing. */
  answers: DraftAnswer[];
  range: PollRange;
}
export interface PollDraft {
  name: string;
  description: string;
  type: PollType;
  allowChange: boolean;
  /** The local `YYYY-MM-DDTHH:mm` of the deadline field; '' for none. */
  deadline: string;
  grants: AudienceGrantDto[];
  questions: DraftQuestion[];
}

/** The kind field's choices: the three ranges are kinds of their own to the person. */
export const KIND_CHOICES = ['short_text', 'long_text', 'range5', 'range10', 'range100', 'single', 'multiple'] as const;
export type KindChoice = (typeof KIND_CHOICES)[number];

export const kindChoiceOf = (question: Pick<DraftQuestion, 'kind' | 'range'>): KindChoice =>
  question.kind === 'range' ? (`range${question.range}` as KindChoice) : question.kind;

export const isList = (kind: PollQuestionKind) => POLL_LIST_KINDS.includes(kind);

const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** A new question or answer key: eight letters and digits (the server's keys are `[A-Za-z0-9_-]{1,64}`). */
export function newKey(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => KEY_ALPHABET[byte % KEY_ALPHABET.length]).join('');
}

export const newAnswer = (text = ''): DraftAnswer => ({ key: newKey(), text });

/** A new question: the poll's first is mandatory (a poll needs one), those added later are not until marked. */
export function newQuestion(kind: PollQuestionKind = 'single', mandatory = false): DraftQuestion {
  return {
    key: newKey(),
    text: '',
    kind,
    mandatory,
    answers: isList(kind) ? [newAnswer(), newAnswer()] : [],
    range: 5,
  };
}

/** The question as another kind; a list question gets two empty answers if it has none. */
export function withKind(question: DraftQuestion, choice: KindChoice): DraftQuestion {
  const range = choice.startsWith('range') ? (Number(choice.slice(5)) as PollRange) : question.range;
  const kind: PollQuestionKind = choice.startsWith('range') ? 'range' : (choice as PollQuestionKind);
  const answers = isList(kind) && question.answers.length === 0 ? [newAnswer(), newAnswer()] : question.answers;
  return { ...question, kind, range, answers };
}

/** A copy of a question with keys of its own, placed after it. */
export const duplicateQuestion = (question: DraftQuestion): DraftQuestion => ({
  ...question,
  key: newKey(),
  answers: question.answers.map((answer) => newAnswer(answer.text)),
});

export const emptyDraft = (): PollDraft => ({
  name: '',
  description: '',
  type: 'opened',
  allowChange: false,
  deadline: '',
  grants: [],
  questions: [newQuestion('single', true)],
});

const fromQuestion = (question: PollQuestionDto): DraftQuestion => ({
  key: question.id,
  text: question.text,
  kind: question.kind,
  mandatory: question.mandatory,
  answers: question.answers.map((answer) => ({ key: answer.id, text: answer.text })),
  range: (question.range ?? 5) as PollRange,
});

/** A stored poll (to edit) or a copy's body (a new poll) in the editor. */
export function draftOf(poll: PollDto | PollCopy): PollDraft {
  return {
    name: poll.name,
    description: poll.description,
    type: poll.type,
    allowChange: poll.allow_change,
    deadline: poll.deadline ? dayjs(poll.deadline).format('YYYY-MM-DDTHH:mm') : '',
    grants: poll.grants,
    questions: poll.questions.map(fromQuestion),
  };
}

/** The deadline field's value as an instant, null for none, undefined while it is not a whole moment. */
export function deadlineOf(value: string): string | null | undefined {
  if (!value) return null;
  const moment = dayjs(value, 'YYYY-MM-DDTHH:mm');
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) && moment.isValid() ? moment.toISOString() : undefined;
}

/** The questions as the server takes them: answers only for list kinds, a range only for ranges. */
export const questionsOf = (draft: PollDraft): PollInput['questions'] =>
  draft.questions.map((question) => ({
    id: question.key,
    text: question.text.trim(),
    kind: question.kind,
    mandatory: question.mandatory,
    answers: isList(question.kind)
      ? question.answers.map((answer) => ({ id: answer.key, text: answer.text.trim() }))
      : [],
    range: question.kind === 'range' ? question.range : null,
  }));

/** The whole poll as `POST api/poll` takes it. */
export const inputOf = (draft: PollDraft): PollInput => ({
  name: draft.name.trim(),
  description: draft.description.trim(),
  type: draft.type,
  questions: questionsOf(draft),
  grants: draft.grants,
  allow_change: draft.type === 'anonymous' ? false : draft.allowChange,
  deadline: deadlineOf(draft.deadline) ?? null,
});

/**
 * Where a problem shows: the poll's own fields by name (`name`, `questions`, `grants`, `deadline`, `allow_change`),
 * a question's by its key (`q.<key>.text`, `q.<key>.answers`), an answer's by both (`q.<key>.a.<key>.text`).
 */
export const questionPlace = (question: string, field: string) => `q.${question}.${field}`;
export const answerPlace = (question: string, answer: string) => `q.${question}.a.${answer}.text`;

/**
 * A problem: the catalogue code that names it (the server's own, so both speak alike) with its parameters, or for
 * what only the editor knows, a key of the module's texts (`local`).
 */
export interface Problem {
  code?: string;
  local?: 'editor.deadlineIncomplete' | 'editor.grantsIncomplete';
  params?: Record<string, string | number>;
}
export type Problems = Record<string, Problem>;

/**
 * The client's own checks, mirroring the server's (modules §5 "Poll"): a name, at least one question and one of them
 * mandatory, every question and answer filled, list questions with 1 to 15 answers, recipients for closed polls, a
 * deadline in the future, the lengths. Only what the editor can change is checked (`questions` false: they are
 * read-only once answered).
 */
export function checkDraft(draft: PollDraft, { questions = true, now = Date.now() } = {}): Problems {
  const problems: Problems = {};
  if (!draft.name.trim()) problems.name = { code: 'poll_name_required' };
  else if (draft.name.trim().length > POLL_NAME_MAX)
    problems.name = { code: 'too_long', params: { max: POLL_NAME_MAX } };
  if (draft.type === 'closed' && draft.grants.length === 0) problems.grants = { code: 'poll_recipients_required' };
  else if (draft.grants.some((grant) => grantProblem(grant))) problems.grants = { local: 'editor.grantsIncomplete' };
  const deadline = deadlineOf(draft.deadline);
  if (deadline === undefined) problems.deadline = { local: 'editor.deadlineIncomplete' };
  else if (deadline && new Date(deadline).getTime() <= now) problems.deadline = { code: 'poll_deadline_past' };
  if (!questions) return problems;
  if (draft.questions.length === 0) problems.questions = { code: 'poll_questions_required' };
  else if (!draft.questions.some((question) => question.mandatory)) {
    problems.questions = { code: 'poll_mandatory_required' };
  }
  for (const question of draft.questions) {
    const text = question.text.trim();
    if (!text) problems[questionPlace(question.key, 'text')] = { code: 'poll_question_text_required' };
    else if (text.length > POLL_QUESTION_MAX) {
      problems[questionPlace(question.key, 'text')] = { code: 'too_long', params: { max: POLL_QUESTION_MAX } };
    }
    if (!isList(question.kind)) continue;
    if (question.answers.length === 0) {
      problems[questionPlace(question.key, 'answers')] = { code: 'poll_list_answers_required' };
    } else if (question.answers.length > POLL_ANSWERS_MAX) {
      problems[questionPlace(question.key, 'answers')] = {
        code: 'poll_too_many_answers',
        params: { max: POLL_ANSWERS_MAX },
      };
    }
    for (const answer of question.answers) {
      const answerText = answer.text.trim();
      if (!answerText) problems[answerPlace(question.key, answer.key)] = { code: 'poll_answer_text_required' };
      else if (answerText.length > POLL_ANSWER_MAX) {
        problems[answerPlace(question.key, answer.key)] = { code: 'too_long', params: { max: POLL_ANSWER_MAX } };
      }
    }
  }
  return problems;
}

/**
 * The server's `fields` (`questions.2.answers.1.text`, by place in the body sent) as the editor's places (by key), so
 * a refusal lands on its input even after the questions were dragged about. `sent` is the draft that was sent.
 */
export function placeOfServerField(field: string, sent: PollDraft): string {
  const match = /^questions\.(\d+)(?:\.(text|answers|range|id|kind|mandatory)(?:\.(\d+)(?:\.(text|id))?)?)?$/.exec(
    field,
  );
  if (!match) return field;
  const question = sent.questions[Number(match[1])];
  if (!question) return 'questions';
  const [, , part, answerIndex] = match;
  if (part === 'answers' && answerIndex !== undefined) {
    const answer = question.answers[Number(answerIndex)];
    return answer ? answerPlace(question.key, answer.key) : questionPlace(question.key, 'answers');
  }
  if (part === 'answers') return questionPlace(question.key, 'answers');
  return questionPlace(question.key, part === 'range' || part === 'kind' ? 'kind' : 'text');
}
