import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/client';
import * as api from './api';
import TestPage from './TestPage';
import {
  A,
  ATTEMPT_ID,
  COURSE_ID,
  ME,
  makeAttempt,
  makeOutcome,
  makeTest,
  managerTest,
  Q1,
  Q2,
  renderWithSession,
  TEST_ID,
} from './testing';

const page = (path = `/courses/${COURSE_ID}/tests/${TEST_ID}`) =>
  renderWithSession(
    <Routes>
      <Route path="/courses/:id/tests/new" element={<TestPage />} />
      <Route path="/courses/:id/tests/:testId" element={<TestPage />} />
      <Route path="/courses/:id" element={<p>The course page</p>} />
    </Routes>,
    {},
    path,
  );

/** Types a text at once (a paste). */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

describe('test editor', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses a question without a right answer, then sends a valid one and lists it', async () => {
    vi.spyOn(api, 'fetchTest').mockResolvedValue(managerTest());
    const save = vi.spyOn(api, 'saveQuestion').mockResolvedValue({
      _id: Q2,
      text: 'Who may ask for your password?',
      answers: [
        { _id: A(3), text: 'Nobody', correct: true },
        { _id: A(4), text: 'IT support', correct: false },
      ],
    });
    page();
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { name: 'Security basics', level: 1 })).toBeTruthy();
    expect(screen.getByText('Which link is safe to open?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    const dialog = await screen.findByRole('dialog', { name: 'New question 2' });
    // Nothing filled: the §5 rules, in the catalogue's words.
    await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
    expect(within(dialog).getByText('Write the question')).toBeTruthy();
    expect(within(dialog).getAllByText('Fill in every answer')).toHaveLength(2);
    expect(within(dialog).getByText('Mark at least one answer as correct')).toBeTruthy();
    await fill(user, within(dialog).getByRole('textbox', { name: /^Question/ }), 'Who may ask for your password?');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Answer 1' }), 'Nobody');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Answer 2' }), 'IT support');
    await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
    expect(within(dialog).getByText('Mark at least one answer as correct')).toBeTruthy();
    expect(within(dialog).queryByText('Write the question')).toBeNull();
    expect(save).not.toHaveBeenCalled();
    // Two answers at least: neither can be removed.
    expect((within(dialog).getByRole('button', { name: 'Remove answer 1' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Answer 1 is right' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith(TEST_ID, {
      question: {
        text: 'Who may ask for your password?',
        answers: [
          { text: 'Nobody', correct: true },
          { text: 'IT support', correct: false },
        ],
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const listed = screen.getByRole('listitem', { name: 'Question 2' });
    expect(within(listed).getByText('Who may ask for your password?')).toBeTruthy();
    expect(screen.getByText('Test · questions: 2')).toBeTruthy();
  });

  it('puts the server’s field refusal on its answer, and locks the page once people took the test', async () => {
    const test = managerTest();
    const fetch = vi.spyOn(api, 'fetchTest').mockResolvedValue(test);
    vi.spyOn(api, 'saveQuestion')
      .mockRejectedValueOnce(
        new ApiError(400, { message: 'x', code: 'validation', fields: { 'question.answers.1.text': 'too_long' } }),
      )
      .mockRejectedValueOnce(new ApiError(409, { message: 'x', code: 'test_has_attempts' }));
    page();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit question 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Question 1' });
    await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
    const second = within(dialog).getByRole('textbox', { name: 'Answer 2' });
    await waitFor(() => expect(second.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByRole('textbox', { name: 'Answer 1' }).getAttribute('aria-invalid')).not.toBe('true');
    fetch.mockResolvedValue({ ...test, has_attempts: true, can: { edit: false, take: false } });
    await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
    expect(await screen.findByText(/People have taken this test/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add a question' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Edit question 1' })).toBeNull();
    expect((screen.getByRole('textbox', { name: /^Title/ }) as HTMLInputElement).disabled).toBe(true);
  });

  it('previews the test as learners see it, without the right answers', async () => {
    vi.spyOn(api, 'fetchTest').mockResolvedValue(managerTest());
    page(`/courses/${COURSE_ID}/tests/${TEST_ID}`);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('link', { name: 'Preview as learner' }));
    expect(await screen.findByText('You see this test as a learner does.')).toBeTruthy();
    const choice = screen.getByRole('radio', { name: 'One from a known sender you expected' }) as HTMLInputElement;
    expect(choice.disabled).toBe(true);
    expect(screen.queryByText('Correct')).toBeNull();
    // A manager who is no member cannot start it.
    expect((screen.getByRole('button', { name: 'Start the test' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Back to the editor' }));
    expect(await screen.findByRole('button', { name: 'Add a question' })).toBeTruthy();
  });

  it('creates a test from its settings and opens it', async () => {
    const create = vi.spyOn(api, 'createTest').mockResolvedValue(managerTest({ questions: [], question_count: 0 }));
    vi.spyOn(api, 'fetchTest').mockResolvedValue(managerTest({ questions: [], question_count: 0 }));
    page(`/courses/${COURSE_ID}/tests/new`);
    const user = userEvent.setup({ delay: null });
    const limit = await screen.findByRole('textbox', { name: /Time limit/ });
    await user.clear(limit);
    await user.type(limit, '700');
    await user.click(screen.getByRole('button', { name: 'Create test' }));
    expect(screen.getByText('Give the test a title')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
    await fill(user, screen.getByRole('textbox', { name: /^Title/ }), 'Security basics');
    await user.clear(limit);
    await user.type(limit, '15');
    await user.click(screen.getByRole('button', { name: 'Create test' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]).toEqual([
      COURSE_ID,
      expect.objectContaining({ title: 'Security basics', time_limit: 15, pass_score: 0, showright: true }),
    ]);
    expect(await screen.findByText('No questions yet')).toBeTruthy();
  });
});

describe('taking a test', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('starts, saves each answer with the chosen ids, finishes and shows the result', async () => {
    vi.spyOn(api, 'fetchTest').mockResolvedValue(makeTest());
    const start = vi.spyOn(api, 'startTest').mockResolvedValue(makeAttempt());
    const answer = vi.spyOn(api, 'answerQuestion').mockResolvedValue({ saved: true, answered: 1 });
    const finish = vi.spyOn(api, 'finishTest').mockResolvedValue(makeOutcome());
    const { client } = page();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('Ten minutes on phishing and passwords')).toBeTruthy();
    expect(screen.getByText('60%')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start the test' }));
    expect(start).toHaveBeenCalledWith(COURSE_ID, TEST_ID, ME);
    expect(await screen.findByText('Question 1 of 2')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'A long passphrase' }));
    expect(await screen.findByText('Answer saved')).toBeTruthy();
    expect(answer).toHaveBeenLastCalledWith(TEST_ID, { attempt_id: ATTEMPT_ID, question_id: Q1, answers: [A(2)] });
    expect(screen.getByRole('button', { name: 'Question 1, answered' })).toBeTruthy();
    // The navigator goes to the second question; it takes several answers.
    await user.click(screen.getByRole('button', { name: 'Question 2, not answered' }));
    expect(screen.getByText('Question 2 of 2')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Urgency' }));
    await waitFor(() =>
      expect(answer).toHaveBeenLastCalledWith(TEST_ID, { attempt_id: ATTEMPT_ID, question_id: Q2, answers: [A(4)] }),
    );
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(finish).toHaveBeenCalledWith(TEST_ID, ATTEMPT_ID));
    expect(await screen.findByRole('heading', { name: 'Not passed' })).toBeTruthy();
    expect(screen.getByText('50%')).toBeTruthy();
    expect(screen.getByText('Right: 1 of 2')).toBeTruthy();
    const first = screen.getByRole('listitem', { name: 'Question 1' });
    expect(within(first).getByText('Correct')).toBeTruthy();
    const second = screen.getByRole('listitem', { name: 'Question 2' });
    expect(within(second).getByText('Incorrect')).toBeTruthy();
    // The right answer the person missed is marked for screen readers too.
    expect(within(second).getByText(/A mismatched sender/).textContent).toContain('(right answer)');
    expect(within(second).getByText(/Urgency/).textContent).toContain('(your answer, right answer)');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['learning', 'course', COURSE_ID] });
    const result = screen.getByRole('region', { name: 'Not passed' });
    await user.click(within(result).getByRole('link', { name: 'Back to course' }));
    expect(await screen.findByText('The course page')).toBeTruthy();
  });

  it('asks before finishing with questions unanswered', async () => {
    vi.spyOn(api, 'fetchTest').mockResolvedValue(makeTest());
    vi.spyOn(api, 'startTest').mockResolvedValue(makeAttempt({ answers: { [Q1]: [A(1)] } }));
    const finish = vi.spyOn(api, 'finishTest').mockResolvedValue(makeOutcome({ right: null, score: null }));
    page();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Start the test' }));
    // A resumed attempt opens at its first unanswered question.
    expect(await screen.findByText('Question 2 of 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finish the test?' });
    expect(within(dialog).getByText(/Questions without an answer: 1/)).toBeTruthy();
    expect(finish).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('This test does not show the right answers.')).toBeTruthy();
    expect(finish).toHaveBeenCalledTimes(1);
  });

  it('counts down by the server’s clock and finishes by itself at 0', async () => {
    const local = Date.parse('2026-11-20T10:00:00.000Z');
    // The server's clock is an hour ahead of the person's: the countdown follows the server.
    const now = new Date(local + 3_600_000).toISOString();
    const deadline = new Date(local + 3_600_000 + 90_000).toISOString();
    vi.spyOn(api, 'fetchTest').mockResolvedValue(makeTest({ time_limit: 2 }));
    vi.spyOn(api, 'startTest').mockResolvedValue(makeAttempt({ now, deadline }));
    const finish = vi.spyOn(api, 'finishTest').mockResolvedValue(makeOutcome({ timed_out: true, answered: 0 }));
    page();
    const user = userEvent.setup({ delay: null });
    const startButton = await screen.findByRole('button', { name: 'Start the test' });
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(local);
    await user.click(startButton);
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toContain('1:30');
    act(() => vi.advanceTimersByTime(60_000));
    expect(timer.textContent).toContain('0:30');
    expect(finish).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(30_500));
    expect(await screen.findByText('Time is over')).toBeTruthy();
    await waitFor(() => expect(finish).toHaveBeenCalledWith(TEST_ID, ATTEMPT_ID));
    expect(await screen.findByText('The time limit ended this attempt.')).toBeTruthy();
    expect(finish).toHaveBeenCalledTimes(1);
  });

  it('shows the time-over state and finishes when the server refuses a late answer', async () => {
    vi.spyOn(api, 'fetchTest').mockResolvedValue(makeTest());
    vi.spyOn(api, 'startTest').mockResolvedValue(makeAttempt());
    vi.spyOn(api, 'answerQuestion').mockRejectedValue(new ApiError(409, { message: 'x', code: 'test_time_over' }));
    let finished: (outcome: ReturnType<typeof makeOutcome>) => void = () => {};
    const finish = vi.spyOn(api, 'finishTest').mockReturnValue(new Promise((resolve) => (finished = resolve)));
    page();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Start the test' }));
    await user.click(await screen.findByRole('radio', { name: 'Your birthday' }));
    expect(await screen.findByText('Time is over')).toBeTruthy();
    await waitFor(() => expect(finish).toHaveBeenCalledTimes(1));
    expect((screen.getByRole('radio', { name: 'A long passphrase' }) as HTMLInputElement).disabled).toBe(true);
    act(() => finished(makeOutcome({ timed_out: true, passed: false })));
    expect(await screen.findByRole('heading', { name: 'Not passed' })).toBeTruthy();
  });
});
