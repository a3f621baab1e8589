import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from './api';
import { binsOf } from './ResultsCharts';
import ResultsPage from './ResultsPage';
import { can, LUKAS, makeResults, POLL_ID, renderWithSession, TOM } from './testing';

const routes = (
  <Routes>
    <Route path="/poll/:_id/results" element={<ResultsPage />} />
  </Routes>
);
const card = (question: string) => screen.getByRole('region', { name: question });
const tom = { _id: TOM, name: 'Tom Becker', avatar: null, position: 'Frontend Engineer' };

describe('poll results', { timeout: 30_000 }, () => {
  beforeEach(() => {
    // The test's DOM lays nothing out: the charts' container measures 0×0, which recharts reports on the console.
    const warn = console.warn.bind(console);
    vi.spyOn(console, 'warn').mockImplementation((...args) => {
      if (!String(args[0]).includes('of chart should be greater than 0')) warn(...args);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('charts each question: options with counts and shares, a scale with its mean, the texts', async () => {
    vi.spyOn(api, 'fetchResults').mockResolvedValue(makeResults());
    renderWithSession(routes, {}, `/poll/${POLL_ID}/results`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Team lunch' })).toBeTruthy();
    expect(screen.getByText('Response rate: 4 of 8 people answered')).toBeTruthy();
    expect(screen.getByText('50%')).toBeTruthy();
    const day = await screen.findByRole('region', { name: 'Which day suits you?' });
    expect(within(day).getByTestId('options-chart')).toBeTruthy();
    const table = within(day).getByRole('table', { name: 'Chart of the answers to “Which day suits you?”' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['AnswerAnswers', 'Tuesday1 (25%)', 'Wednesday3 (75%)', 'Thursday0 (0%)']);
    const mood = card('How hungry are you?');
    expect(within(mood).getByText('Mean: 3.75')).toBeTruthy();
    expect(within(mood).getByTestId('range-chart')).toBeTruthy();
    expect(
      within(within(mood).getByRole('table'))
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['ValueAnswers', '10', '21', '30', '42', '51']);
    const wish = card('Anything else?');
    expect(within(wish).getByRole('list', { name: 'Answers: 2' })).toBeTruthy();
    expect(within(wish).getByText('A table outside, please')).toBeTruthy();
  });

  it('puts 1..100 into ten bins of ten', () => {
    const distribution = Array.from({ length: 100 }, (_, i) => (i === 0 || i === 9 || i === 99 ? 1 : 0));
    expect(binsOf(distribution)[0]).toEqual({ label: '1–10', count: 2 });
    expect(binsOf(distribution)[9]).toEqual({ label: '91–100', count: 1 });
  });

  it('shows only the tabs `can` allows: a respondent of an open poll sees the general results alone', async () => {
    vi.spyOn(api, 'fetchResults').mockResolvedValue(makeResults({ can: { ...can, table: false, not_passed: false } }));
    renderWithSession(routes, {}, `/poll/${POLL_ID}/results`);
    expect(await screen.findByRole('tab', { name: 'General' })).toBeTruthy();
    expect(screen.getAllByRole('tab')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Export to Excel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Finish the poll' })).toBeNull();
  });

  it('gives managers the table with names and the people who have not answered, whom they remind', async () => {
    vi.spyOn(api, 'fetchResults').mockResolvedValue(makeResults());
    vi.spyOn(api, 'fetchTable').mockResolvedValue({
      columns: [
        { id: 'day', text: 'Which day suits you?' },
        { id: 'wish', text: 'Anything else?' },
      ],
      names: true,
      result: [
        { _id: 'r1', person: tom, answered: '2026-03-03T10:00:00.000Z', answers: { day: 'Wednesday', wish: 'Soup' } },
      ],
      total: 1,
      page: 0,
    });
    vi.spyOn(api, 'fetchNotPassed').mockResolvedValue({
      result: [{ _id: LUKAS, name: 'Lukas Schmidt', avatar: null, position: 'Engineering Manager' }],
      total: 1,
      page: 0,
    });
    const remind = vi.spyOn(api, 'remindPoll').mockResolvedValue({ reminded: 1 });
    renderWithSession(routes, {}, `/poll/${POLL_ID}/results`);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('tab', { name: 'Table' }));
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Answered', 'Which day suits you?', 'Anything else?']);
    expect(within(table).getByRole('link', { name: 'Tom Becker' }).getAttribute('href')).toBe(`/profile/${TOM}`);
    expect(within(table).getByText('Soup')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Not passed' }));
    const people = await screen.findByRole('list', { name: 'Not passed' });
    expect(within(people).getByRole('link', { name: 'Lukas Schmidt' }).getAttribute('href')).toBe(`/profile/${LUKAS}`);
    expect(screen.getByText('Not answered yet: 1')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remind them' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remind everyone who has not answered?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remind them' }));
    await waitFor(() => expect(remind).toHaveBeenCalledWith(POLL_ID));
  });
});
