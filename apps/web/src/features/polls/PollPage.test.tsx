import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import * as api from './api';
import { PollForm } from './PollForm';
import PollPage from './PollPage';
import { can, makePoll, POLL_ID, renderWithSession } from './testing';

const routes = (
  <Routes>
    <Route path="/poll/:_id" element={<PollPage />} />
  </Routes>
);
const questionGroup = (text: string) => screen.getByRole('group', { name: new RegExp(text.replace('?', '\\?')) });

describe('answering a poll', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('goes step by step with a progress bar, and will not pass a mandatory question left empty', async () => {
    const sent = vi.fn(async () => {});
    renderWithSession(<PollForm questions={makePoll().questions} onSubmit={sent} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('radio', { name: 'Step by step' }));
    expect(screen.getByText(/Question 1 of 3/)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Answered 0 of 3' })).toBeTruthy();
    // One question at a time.
    expect(screen.queryByRole('group', { name: /How hungry/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(within(questionGroup('Which day suits you?')).getByText('Answer this question')).toBeTruthy();
    expect(screen.getByText(/Question 1 of 3/)).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Wednesday' }));
    expect(screen.queryByText('Answer this question')).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Answered 1 of 3' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(/Question 2 of 3/)).toBeTruthy();
    await user.click(within(questionGroup('How hungry are you?')).getByRole('radio', { name: '4' }));
    expect(screen.getByRole('progressbar', { name: 'Answered 2 of 3' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByRole('radio', { name: 'Wednesday' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(/Question 3 of 3/)).toBeTruthy();
    // The last, optional question may stay empty.
    await user.click(screen.getByRole('button', { name: 'Send answers' }));
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    expect(sent).toHaveBeenCalledWith([
      { question: 'day', options: ['wed'] },
      { question: 'mood', value: 4 },
    ]);
  });

  it('marks the question the server says is mandatory and missing, and brings it into view', async () => {
    // The poll changed meanwhile: the form still thinks the scale optional.
    const poll = makePoll({ questions: makePoll().questions.map((q) => ({ ...q, mandatory: q.id === 'day' })) });
    vi.spyOn(api, 'fetchPoll').mockResolvedValue(poll);
    const answer = vi.spyOn(api, 'answerPoll').mockRejectedValue(
      new ApiError(400, {
        message: 'Answer every mandatory question',
        code: 'poll_mandatory_missing',
        fields: { 'answers.mood': 'poll_mandatory_missing' },
      }),
    );
    renderWithSession(routes, {}, `/poll/${POLL_ID}`);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('radio', { name: 'Tuesday' }));
    await user.click(screen.getByRole('button', { name: 'Send answers' }));
    await waitFor(() => expect(answer).toHaveBeenCalledWith(POLL_ID, [{ question: 'day', options: ['tue'] }]));
    const marked = questionGroup('How hungry are you?');
    expect(await within(marked).findByText('Answer every mandatory question')).toBeTruthy();
    expect(marked.getAttribute('data-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(marked));
    expect(within(questionGroup('Which day suits you?')).queryByText('Answer every mandatory question')).toBeNull();
  });

  it('thanks after answering, and lets the answers change where the poll allows it', async () => {
    const answered = makePoll({
      answered: true,
      allow_change: true,
      my_answers: { day: { options: ['wed'] }, mood: { value: 2 } },
    });
    vi.spyOn(api, 'fetchPoll').mockResolvedValue(answered);
    const answer = vi.spyOn(api, 'answerPoll').mockResolvedValue(answered);
    renderWithSession(routes, {}, `/poll/${POLL_ID}`);
    expect(await screen.findByText('Thank you!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the results' }).getAttribute('href')).toBe(`/poll/${POLL_ID}/results`);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Change my answers' }));
    expect((screen.getByRole('radio', { name: 'Wednesday' }) as HTMLInputElement).checked).toBe(true);
    expect(
      (within(questionGroup('How hungry are you?')).getByRole('radio', { name: '2' }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Thursday' }));
    await user.click(screen.getByRole('textbox', { name: /Anything else/ }));
    await user.paste('Soup, please');
    await user.click(screen.getByRole('button', { name: 'Save my new answers' }));
    await waitFor(() =>
      expect(answer).toHaveBeenCalledWith(POLL_ID, [
        { question: 'day', options: ['thu'] },
        { question: 'mood', value: 2 },
        { question: 'wish', text: 'Soup, please' },
      ]),
    );
    expect(await screen.findByText('Thank you!')).toBeTruthy();
  });

  it('says why a manager who is not a recipient cannot answer, and keeps anonymous answers nameless', async () => {
    vi.spyOn(api, 'fetchPoll').mockResolvedValueOnce(
      makePoll({ type: 'anonymous', can: { ...can, answer: false, edit: true } }),
    );
    renderWithSession(routes, {}, `/poll/${POLL_ID}`);
    expect(await screen.findByText('This poll is not addressed to you')).toBeTruthy();
    expect(screen.getByText(/nobody — administrators included — can see who answered what/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/poll/${POLL_ID}/edit`);
    expect(screen.queryByRole('button', { name: 'Send answers' })).toBeNull();
  });

  it('shows a finished poll read-only, with the person’s answers', async () => {
    vi.spyOn(api, 'fetchPoll').mockResolvedValueOnce(
      makePoll({
        finished: true,
        finished_at: '2026-03-09T10:00:00.000Z',
        answered: true,
        can: { ...can, answer: false },
        my_answers: { day: { options: ['tue'] } },
      }),
    );
    renderWithSession(routes, {}, `/poll/${POLL_ID}`);
    expect(await screen.findByText('This poll is finished')).toBeTruthy();
    const chosen = screen.getByRole('radio', { name: 'Tuesday' }) as HTMLInputElement;
    expect(chosen.checked).toBe(true);
    expect(chosen.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Send answers' })).toBeNull();
  });
});
