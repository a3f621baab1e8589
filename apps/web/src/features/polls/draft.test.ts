import { describe, expect, it } from 'vitest';
import {
  answerPlace,
  checkDraft,
  emptyDraft,
  inputOf,
  newAnswer,
  newQuestion,
  type PollDraft,
  placeOfServerField,
  questionPlace,
  withKind,
} from './draft';

const filled = (): PollDraft => {
  const draft = emptyDraft();
  const [first] = draft.questions;
  return {
    ...draft,
    name: 'Team lunch',
    questions: [
      { ...first, text: 'Which day?', answers: [newAnswer('Tuesday'), newAnswer('Wednesday')] },
      { ...withKind(newQuestion(), 'range10'), text: 'How hungry?' },
    ],
  };
};

describe('the poll editor’s draft', () => {
  it('passes a complete poll and sends answers only for choice questions, a range only for scales', () => {
    const draft = filled();
    expect(checkDraft(draft)).toEqual({});
    const input = inputOf(draft);
    expect(input.questions[0]).toMatchObject({ kind: 'single', range: null, mandatory: true });
    expect(input.questions[0].answers.map((answer) => answer.text)).toEqual(['Tuesday', 'Wednesday']);
    expect(input.questions[1]).toMatchObject({ kind: 'range', range: 10, answers: [], mandatory: false });
  });

  it('names each problem by the keys of its question and answer', () => {
    const draft = filled();
    const [day] = draft.questions;
    draft.questions[0] = { ...day, answers: [day.answers[0], { ...day.answers[1], text: '  ' }] };
    draft.type = 'closed';
    draft.deadline = '2020-01-01T10:00';
    expect(checkDraft(draft)).toEqual({
      grants: { code: 'poll_recipients_required' },
      deadline: { code: 'poll_deadline_past' },
      [answerPlace(day.key, day.answers[1].key)]: { code: 'poll_answer_text_required' },
    });
    draft.deadline = '2030-01-01T';
    expect(checkDraft(draft).deadline).toEqual({ local: 'editor.deadlineIncomplete' });
  });

  it('finds the question and answer a server field names by their place in the body sent', () => {
    const sent = filled();
    const [day, hungry] = sent.questions;
    expect(placeOfServerField('questions.0.answers.1.text', sent)).toBe(answerPlace(day.key, day.answers[1].key));
    expect(placeOfServerField('questions.1.text', sent)).toBe(questionPlace(hungry.key, 'text'));
    expect(placeOfServerField('questions.1.range', sent)).toBe(questionPlace(hungry.key, 'kind'));
    expect(placeOfServerField('questions.0.answers', sent)).toBe(questionPlace(day.key, 'answers'));
    expect(placeOfServerField('questions', sent)).toBe('questions');
    expect(placeOfServerField('name', sent)).toBe('name');
  });
});
