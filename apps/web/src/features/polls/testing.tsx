import type { PollDto, PollItem, PollResults } from '@hallway/shared/polls';
import { CLIENT, LUKAS } from '../groups/testing';

/** Test helpers of the polls (only tests import this file). */
export { answerFetch, CLIENT, LUKAS, ME, renderWithSession, TOM } from '../groups/testing';

export const POLL_ID = '01a1fe5d-0000-7000-8000-0000000000b1';

export const can = {
  edit: false,
  edit_questions: false,
  finish: false,
  delete: false,
  answer: true,
  results: true,
  table: true,
  names: true,
  not_passed: false,
  copy: false,
};
export const managerCan = {
  ...can,
  edit: true,
  edit_questions: true,
  finish: true,
  delete: true,
  not_passed: true,
  copy: true,
};

export function makePoll(overrides: Partial<PollDto> = {}): PollDto {
  return {
    _id: POLL_ID,
    client_id: CLIENT,
    name: 'Team lunch',
    description: 'Where and when we eat together',
    type: 'opened',
    author: { _id: LUKAS, name: 'Lukas Schmidt', avatar: null, position: 'Engineering Manager' },
    created: '2026-03-02T09:00:00.000Z',
    deadline: null,
    finished: false,
    finished_at: null,
    allow_change: false,
    questions_count: 3,
    responses: 2,
    answered: false,
    can,
    questions: [
      {
        id: 'day',
        text: 'Which day suits you?',
        kind: 'single',
        mandatory: true,
        answers: [
          { id: 'tue', text: 'Tuesday' },
          { id: 'wed', text: 'Wednesday' },
          { id: 'thu', text: 'Thursday' },
        ],
        range: null,
      },
      { id: 'mood', text: 'How hungry are you?', kind: 'range', mandatory: true, answers: [], range: 5 },
      { id: 'wish', text: 'Anything else?', kind: 'short_text', mandatory: false, answers: [], range: null },
    ],
    grants: [],
    recipients: 5,
    my_answers: null,
    ...overrides,
  };
}

export const asItem = ({ questions, grants, recipients, my_answers, ...item }: PollDto): PollItem => item;

export function makeResults(overrides: Partial<PollResults> = {}): PollResults {
  return {
    _id: POLL_ID,
    name: 'Team lunch',
    type: 'opened',
    finished: false,
    responses: 4,
    recipients: 8,
    rate: 0.5,
    can: managerCan,
    questions: [
      {
        id: 'day',
        text: 'Which day suits you?',
        kind: 'single',
        mandatory: true,
        answered: 4,
        options: [
          { id: 'tue', text: 'Tuesday', count: 1 },
          { id: 'wed', text: 'Wednesday', count: 3 },
          { id: 'thu', text: 'Thursday', count: 0 },
        ],
      },
      {
        id: 'mood',
        text: 'How hungry are you?',
        kind: 'range',
        mandatory: true,
        answered: 4,
        range: 5,
        distribution: [0, 1, 0, 2, 1],
        mean: 3.75,
      },
      {
        id: 'wish',
        text: 'Anything else?',
        kind: 'short_text',
        mandatory: false,
        answered: 2,
        texts: ['A table outside, please', 'Soup'],
      },
    ],
    ...overrides,
  };
}
