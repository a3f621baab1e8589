import { POLL_ANSWERS_MAX } from '@hallway/shared/polls';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import * as api from './api';
import NewPollPage, { EditPollPage } from './PollEditorPage';
import { answerFetch, makePoll, managerCan, POLL_ID, renderWithSession } from './testing';

const routes = (
  <Routes>
    <Route path="/poll/new" element={<NewPollPage />} />
    <Route path="/poll/:_id/edit" element={<EditPollPage />} />
    <Route path="/poll/:_id" element={<p>The poll page</p>} />
  </Routes>
);

/** Types a text at once (a paste): the editor is drawn again at each key, which is slow in the test's DOM. */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

const question = (n: number) => screen.getByRole('group', { name: `Question ${n}` });

describe('poll editor', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(answerFetch({ '/api/user/filters/': { result: {} } }));
  });
  afterEach(() => vi.restoreAllMocks());

  it('refuses an incomplete poll with the §5 rules on their inputs, before sending anything', async () => {
    const create = vi.spyOn(api, 'createPoll');
    renderWithSession(routes, {}, '/poll/new');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Give the poll a name')).toBeTruthy();
    expect(within(question(1)).getByText('Every question needs its text')).toBeTruthy();
    expect(within(question(1)).getAllByText('Every answer needs its text')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: /^Name/ }).getAttribute('aria-invalid')).toBe('true');
    // No question mandatory.
    await user.click(within(question(1)).getByRole('switch', { name: 'Mandatory' }));
    expect(screen.getByText('At least one question must be mandatory')).toBeTruthy();
    // A closed poll needs recipients, shown where they are chosen.
    await user.click(screen.getByRole('radio', { name: 'Closed' }));
    expect(screen.getByText('A closed poll needs recipients')).toBeTruthy();
    // An anonymous one cannot let people change their answers, and says why.
    await user.click(screen.getByRole('radio', { name: 'Anonymous' }));
    expect(screen.getByText('Nobody, administrators included, can see who answered what.')).toBeTruthy();
    const change = screen.getByRole('switch', { name: /People may change their answers/ }) as HTMLInputElement;
    expect(change.disabled).toBe(true);
    expect(screen.getByText(/nothing links an answer to its author/)).toBeTruthy();
    // A choice question without answers.
    for (const remove of within(question(1)).getAllByRole('button', { name: /^Remove answer/ }))
      await user.click(remove);
    expect(within(question(1)).getByText('A choice question needs answers to choose from')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it('publishes a poll, and puts the server’s refusal on the input it names', async () => {
    const create = vi
      .spyOn(api, 'createPoll')
      .mockRejectedValueOnce(
        new ApiError(400, {
          message: 'Too long',
          code: 'too_long',
          params: { max: 80 },
          fields: { 'questions.1.answers.1.text': 'too_long' },
        }),
      )
      .mockResolvedValueOnce(makePoll());
    renderWithSession(routes, {}, '/poll/new');
    const user = userEvent.setup({ delay: null });
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'Team lunch');
    await fill(user, within(question(1)).getByRole('textbox', { name: /^Question/ }), 'Which day suits you?');
    await fill(user, within(question(1)).getByRole('textbox', { name: 'Answer 1' }), 'Tuesday');
    await fill(user, within(question(1)).getByRole('textbox', { name: 'Answer 2' }), 'Wednesday');
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    await fill(user, within(question(2)).getByRole('textbox', { name: /^Question/ }), 'And the place?');
    await fill(user, within(question(2)).getByRole('textbox', { name: 'Answer 1' }), 'Canteen');
    await fill(user, within(question(2)).getByRole('textbox', { name: 'Answer 2' }), 'The park');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const refused = within(question(2)).getByRole('textbox', { name: 'Answer 2' });
    await waitFor(() => expect(refused.getAttribute('aria-invalid')).toBe('true'));
    expect(within(question(2)).getByText('At most 80 characters')).toBeTruthy();
    expect(within(question(1)).getByRole('textbox', { name: 'Answer 2' }).getAttribute('aria-invalid')).not.toBe(
      'true',
    );
    // Changing the questions clears the server's word.
    await user.type(refused, '!');
    expect(within(question(2)).queryByText('At most 80 characters')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('The poll page')).toBeTruthy();
    const body = create.mock.calls[1][0];
    expect(body).toMatchObject({
      name: 'Team lunch',
      type: 'opened',
      allow_change: false,
      deadline: null,
      grants: [],
      questions: [
        { text: 'Which day suits you?', kind: 'single', mandatory: true, range: null },
        { text: 'And the place?', kind: 'single', mandatory: false },
      ],
    });
    expect(body.questions[1].answers.map((answer) => answer.text)).toEqual(['Canteen', 'The park!']);
    expect(new Set(body.questions.map((q) => q.id)).size).toBe(2);
  });

  it(`stops adding answers at ${POLL_ANSWERS_MAX}, and says how many there are`, async () => {
    renderWithSession(routes, {}, '/poll/new');
    const user = userEvent.setup({ delay: null });
    const add = within(await screen.findByRole('group', { name: 'Question 1' })).getByRole('button', {
      name: 'Add an answer',
    }) as HTMLButtonElement;
    expect(screen.getByText(`2 of ${POLL_ANSWERS_MAX} answers`)).toBeTruthy();
    for (let i = 2; i < POLL_ANSWERS_MAX; i++) await user.click(add);
    expect(screen.getByText(`${POLL_ANSWERS_MAX} of ${POLL_ANSWERS_MAX} answers`)).toBeTruthy();
    expect(within(question(1)).getAllByRole('textbox', { name: /^Answer \d+$/ })).toHaveLength(POLL_ANSWERS_MAX);
    expect(add.disabled).toBe(true);
    await user.click(within(question(1)).getByRole('button', { name: 'Remove answer 3' }));
    expect(add.disabled).toBe(false);
  });

  it('starts a copy from the poll it copies, keeping its question keys, and previews it as respondents see it', async () => {
    const source = makePoll({ type: 'closed', allow_change: true });
    vi.spyOn(api, 'fetchPollCopy').mockResolvedValue({
      name: source.name,
      description: source.description,
      type: source.type,
      questions: source.questions,
      grants: [{ audience: 'department', values: ['Sales'], from: null, to: null, level: 'read' }],
      allow_change: true,
      deadline: null,
    });
    const create = vi.spyOn(api, 'createPoll').mockResolvedValue(makePoll());
    renderWithSession(routes, {}, `/poll/new?copy=${POLL_ID}`);
    expect(await screen.findByText(/A copy of “Team lunch”/)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Team lunch');
    expect((screen.getByRole('radio', { name: 'Closed' }) as HTMLInputElement).checked).toBe(true);
    expect(within(question(1)).getByDisplayValue('Which day suits you?')).toBeTruthy();
    expect(within(question(1)).getByDisplayValue('Thursday')).toBeTruthy();
    expect(within(question(2)).getByDisplayValue('How hungry are you?')).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getAllByRole('button', { name: 'Preview' })[0]);
    const preview = await screen.findByRole('dialog', { name: 'Preview: Team lunch' });
    expect(within(preview).getByRole('radio', { name: 'Wednesday' })).toBeTruthy();
    expect((within(preview).getByRole('button', { name: 'Send answers' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(preview).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0][0].questions.map((q) => q.id)).toEqual(['day', 'mood', 'wish']);
    expect(create.mock.calls[0][0]).toMatchObject({
      type: 'closed',
      allow_change: true,
      grants: [{ audience: 'department' }],
    });
  });

  it('shows the questions read-only once somebody answered, and sends only what may still change', async () => {
    const poll = makePoll({ responses: 3, can: { ...managerCan, edit_questions: false } });
    vi.spyOn(api, 'fetchPoll').mockResolvedValue(poll);
    const update = vi.spyOn(api, 'updatePoll').mockResolvedValue(poll);
    renderWithSession(routes, {}, `/poll/${POLL_ID}/edit`);
    expect(await screen.findByText(/People have answered already/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a question' })).toBeNull();
    expect(screen.getByText('Which day suits you?')).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await fill(user, name, 'Team lunch in May');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0][1]).toEqual({
      name: 'Team lunch in May',
      description: poll.description,
      grants: [],
      allow_change: false,
    });
  });
});
