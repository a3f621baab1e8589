// Modules §5 Poll and the answering rules (docs/api.md "Polls"): a poll's body and a submission checked with their
// own codes, before anything is written.
import { randomBytes } from 'node:crypto';
import type { MessageCode } from '@hallway/shared';
import {
  POLL_ANSWERS_MAX,
  POLL_LIST_KINDS,
  POLL_SHORT_TEXT_MAX,
  type PollAnswerInput,
  type PollQuestionDto,
  type PollQuestionInput,
  type StoredAnswer,
} from '@hallway/shared/polls';
import { AppError } from '../../platform/errors/app-error.js';

/** 400 with the code, naming the field. */
export const refuse = (code: MessageCode, field: string, params: Record<string, string | number> = {}) =>
  new AppError(400, code, params, { fields: { [field]: code } });

const newKey = () => randomBytes(6).toString('base64url');

/** §5: a name. */
export function checkName(name: string): string {
  if (!name.trim()) throw refuse('poll_name_required', 'name');
  return name.trim();
}

/**
 * §5: at least one question, one of them mandatory; every question and answer filled; list questions with 1 to
 * POLL_ANSWERS_MAX answers; a range of 1-5, 1-10 or 1-100. Keys are given where missing and must not repeat.
 */
export function checkQuestions(questions: PollQuestionInput[]): PollQuestionDto[] {
  if (!questions.length) throw refuse('poll_questions_required', 'questions');
  const keys = new Set<string>();
  const checked = questions.map((q, i): PollQuestionDto => {
    const at = `questions.${i}`;
    const text = q.text.trim();
    if (!text) throw refuse('poll_question_text_required', `${at}.text`);
    const id = q.id ?? newKey();
    if (keys.has(id)) throw refuse('poll_key_duplicate', `${at}.id`);
    keys.add(id);
    const list = POLL_LIST_KINDS.includes(q.kind);
    const answers = list ? (q.answers ?? []) : [];
    if (list && !answers.length) throw refuse('poll_list_answers_required', `${at}.answers`);
    if (answers.length > POLL_ANSWERS_MAX) {
      throw refuse('poll_too_many_answers', `${at}.answers`, { max: POLL_ANSWERS_MAX });
    }
    const answerKeys = new Set<string>();
    const options = answers.map((a, j) => {
      if (!a.text.trim()) throw refuse('poll_answer_text_required', `${at}.answers.${j}.text`);
      const key = a.id ?? newKey();
      if (answerKeys.has(key)) throw refuse('poll_key_duplicate', `${at}.answers.${j}.id`);
      answerKeys.add(key);
      return { id: key, text: a.text.trim() };
    });
    if (q.kind === 'range' && !q.range) throw refuse('poll_range_invalid', `${at}.range`);
    return {
      id,
      text,
      kind: q.kind,
      mandatory: q.mandatory ?? false,
      answers: options,
      range: q.kind === 'range' ? (q.range ?? null) : null,
    };
  });
  if (!checked.some((q) => q.mandatory)) throw refuse('poll_mandatory_required', 'questions');
  return checked;
}

/**
 * A submission against the poll's questions: each answer names a question once and fits it (a range value within
 * 1..range, a text for a text question, known options — one for a single choice); every mandatory question is
 * answered. Empty answers (no text, no option) count as not given. Answers the stored form, by question key.
 */
export function checkAnswers(questions: PollQuestionDto[], given: PollAnswerInput[]): Record<string, StoredAnswer> {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const answers: Record<string, StoredAnswer> = {};
  given.forEach((a, i) => {
    const at = `answers.${i}`;
    const q = byId.get(a.question);
    if (!q || a.question in answers) throw refuse('poll_answer_invalid', at);
    if (q.kind === 'range') {
      if (a.text !== undefined || a.options !== undefined) throw refuse('poll_answer_invalid', at);
      if (a.value === undefined) return;
      const max = q.range ?? 0;
      if (a.value < 1 || a.value > max) throw refuse('poll_range_answer_invalid', `${at}.value`, { max });
      answers[q.id] = { value: a.value };
    } else if (q.kind === 'short_text' || q.kind === 'long_text') {
      if (a.value !== undefined || a.options !== undefined) throw refuse('poll_answer_invalid', at);
      const text = (a.text ?? '').trim();
      if (q.kind === 'short_text' && text.length > POLL_SHORT_TEXT_MAX)
        throw refuse('poll_answer_invalid', `${at}.text`);
      if (text) answers[q.id] = { text };
    } else {
      if (a.value !== undefined || a.text !== undefined) throw refuse('poll_answer_invalid', at);
      const chosen = [...new Set(a.options ?? [])];
      const known = new Set(q.answers.map((o) => o.id));
      if (!chosen.every((o) => known.has(o))) throw refuse('poll_answer_invalid', `${at}.options`);
      if (q.kind === 'single' && chosen.length > 1) throw refuse('poll_answer_invalid', `${at}.options`);
      // Kept in the question's order, whatever order they came in.
      if (chosen.length) answers[q.id] = { options: q.answers.map((o) => o.id).filter((o) => chosen.includes(o)) };
    }
  });
  const missing = questions.find((q) => q.mandatory && !(q.id in answers));
  if (missing) throw refuse('poll_mandatory_missing', `answers.${missing.id}`);
  return answers;
}

/** An answer as one cell of the table and the export. */
export function answerText(q: PollQuestionDto, a: StoredAnswer | undefined): string {
  if (!a) return '';
  if (a.value !== undefined) return String(a.value);
  if (a.text !== undefined) return a.text;
  const names = new Map(q.answers.map((o) => [o.id, o.text]));
  return (a.options ?? []).map((o) => names.get(o) ?? '').join('; ');
}
