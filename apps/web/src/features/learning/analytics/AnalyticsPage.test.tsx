import type { AnalyticsDto } from '@hallway/shared/learning';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/client';
import * as download from '../../../api/download';
import { CLIENT, LUKAS, renderWithSession, TOM } from '../../groups/testing';
import AnalyticsPage from './AnalyticsPage';
import * as api from './api';

const COURSE = '01a1fe5d-0000-7000-8000-00000000c001';
const OTHER = '01a1fe5d-0000-7000-8000-00000000c002';
const TEST = '01a1fe5d-0000-7000-8000-00000000e001';

const lukas = { _id: LUKAS, name: 'Lukas Schmidt', avatar: null, position: 'Engineering Manager' };
const tom = { _id: TOM, name: 'Tom Becker', avatar: null, position: 'Frontend Engineer' };

function makeAnalytics(overrides: Partial<AnalyticsDto> = {}): AnalyticsDto {
  return {
    totals: { courses: 2, members: 14, started: 5, learned: 7, overdue: 3, avg_score: 82, avg_seconds: 4_500 },
    courses: [
      {
        _id: COURSE,
        title: 'Security basics',
        status: 'appointed',
        members: 10,
        not_started: 2,
        started: 3,
        learned: 5,
        overdue: 2,
        avg_score: 78,
        avg_seconds: 1_800,
      },
      {
        _id: OTHER,
        title: 'Onboarding',
        status: 'published',
        members: 4,
        not_started: 0,
        started: 2,
        learned: 2,
        overdue: 1,
        avg_score: null,
        avg_seconds: null,
      },
    ],
    hardest: [
      {
        course_id: COURSE,
        test_id: TEST,
        test: 'Phishing quiz',
        question_id: '01a1fe5d-0000-7000-8000-0000000000f1',
        question: 'Which sender is genuine?',
        answered: 8,
        wrong: 6,
      },
    ],
    overdue: [
      { person: tom, course_id: COURSE, course: 'Security basics', due: '2026-10-01' },
      { person: lukas, course_id: OTHER, course: 'Onboarding', due: '2026-10-20' },
    ],
    months: [
      { month: '2026-10', started: 4, learned: 2 },
      { month: '2026-11', started: 3, learned: 5 },
    ],
    person: null,
    ...overrides,
  };
}

const page = (path = '/courses/analytics') =>
  renderWithSession(
    <Routes>
      <Route path="/courses/analytics" element={<AnalyticsPage />} />
      <Route path="/courses/analytics/:user_id" element={<AnalyticsPage />} />
    </Routes>,
    {},
    path,
  );

describe('learning analytics', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the figures, the course table, the hardest questions and the overdue learners', async () => {
    const fetch = vi.spyOn(api, 'fetchAnalytics').mockResolvedValue(makeAnalytics());
    page();
    expect(await screen.findByRole('heading', { name: 'Learning analytics', level: 1 })).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(CLIENT, { user_id: undefined }, expect.anything());
    const tile = (label: string) => screen.getAllByText(label)[0].parentElement as HTMLElement;
    expect(within(await waitFor(() => tile('Members'))).getByText('14')).toBeTruthy();
    expect(within(tile('Overdue')).getByText('3')).toBeTruthy();
    expect(within(tile('Average score')).getByText('82%')).toBeTruthy();
    expect(within(tile('Average time')).getByText('1 h 15 min')).toBeTruthy();
    const table = screen.getByRole('table');
    const row = within(table).getByRole('row', { name: /Security basics/ });
    expect(within(row).getByText('78%')).toBeTruthy();
    expect(within(row).getByText('30 min')).toBeTruthy();
    expect(screen.getByText('Which sender is genuine?')).toBeTruthy();
    expect(screen.getByText('6 wrong of 8 (75%)')).toBeTruthy();
    const overdue = screen.getByRole('region', { name: 'Overdue learners' });
    const tomLink = within(overdue).getByRole('link', { name: 'Tom Becker' });
    expect(tomLink.getAttribute('href')).toBe(`/courses/analytics/${TOM}`);
    expect(within(overdue).getByRole('link', { name: 'Lukas Schmidt' })).toBeTruthy();
    expect(within(overdue).getAllByRole('listitem')).toHaveLength(2);
  });

  it('opens a person’s courses with their progress, and exports their workbook', async () => {
    const fetch = vi.spyOn(api, 'fetchAnalytics').mockResolvedValue(
      makeAnalytics({
        person: {
          person: tom,
          courses: [
            {
              _id: COURSE,
              title: 'Security basics',
              status: 'started',
              percent: 40,
              due: '2026-10-01',
              overdue: true,
              best_score: 55,
              seconds: 600,
              learned_at: null,
            },
          ],
        },
      }),
    );
    const file = vi.spyOn(download, 'fetchFile').mockResolvedValue(new Response('xlsx'));
    const save = vi.spyOn(download, 'saveBlob').mockImplementation(() => {});
    page(`/courses/analytics/${TOM}`);
    expect(await screen.findByRole('heading', { name: 'Tom Becker', level: 1 })).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(CLIENT, { user_id: TOM }, expect.anything());
    const course = screen.getByRole('listitem', { name: 'Security basics' });
    expect(within(course).getByText('40%')).toBeTruthy();
    expect(within(course).getByText('Overdue')).toBeTruthy();
    expect(within(course).getByRole('progressbar', { name: 'Progress in Security basics' })).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(file).toHaveBeenCalledWith(`/api/courses/analytics/${CLIENT}/excel?user_id=${TOM}`);
  });

  it('filters by a course', async () => {
    const fetch = vi.spyOn(api, 'fetchAnalytics').mockResolvedValue(makeAnalytics());
    page(`/courses/analytics?course=${OTHER}`);
    await screen.findByRole('table');
    expect(fetch).toHaveBeenCalledWith(CLIENT, { user_id: undefined, course_id: OTHER }, expect.anything());
    const select = screen.getByLabelText('Course') as HTMLInputElement;
    await waitFor(() => expect(select.value).toBe('Onboarding'));
    const user = userEvent.setup({ delay: null });
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Security basics' }));
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(CLIENT, { user_id: undefined, course_id: COURSE }, expect.anything()),
    );
  });

  it('tells a person without the right why there is nothing to see', async () => {
    vi.spyOn(api, 'fetchAnalytics').mockRejectedValue(new ApiError(403, { message: 'Forbidden', code: 'forbidden' }));
    page();
    expect(await screen.findByText('Only for learning administrators')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export to Excel' })).toBeNull();
  });
});
