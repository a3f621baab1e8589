import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../groups/testing';
import * as api from './api';
import CoursesPage from './CoursesPage';
import { COURSE, courseItem } from './testing';

/** What the server lets an employee who manages nothing do with the courses as a whole. */
const EMPLOYEE = { create: false, analytics: false, settings: false };

const page = (path = '/courses') =>
  renderWithSession(
    <Routes>
      <Route path="/courses" element={<CoursesPage />} />
    </Routes>,
    {},
    path,
  );

describe('CoursesPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.spyOn(api, 'fetchCourses').mockImplementation(async (filter) => {
      if (filter.list === 'manage') return { result: [], total: 0, can: EMPLOYEE };
      if (filter.list === 'learning') {
        return {
          result: [
            courseItem({
              status: 'appointed',
              my: { status: 'started', percent: 40, due: '2026-01-15', overdue: true, learned_at: null },
              can: { learn: true },
            }),
          ],
          total: 1,
          can: EMPLOYEE,
        };
      }
      return { result: [courseItem({ can: { join: true } })], total: 1, can: EMPLOYEE };
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the catalogue with its counts and joins a course', async () => {
    const join = vi.spyOn(api, 'joinCourse').mockResolvedValue(undefined);
    page();
    const card = await screen.findByRole('article', { name: 'Security basics' });
    expect(within(card).getByText('Lessons: 2')).toBeTruthy();
    expect(within(card).getByText('Tests: 1')).toBeTruthy();
    // An employee who manages nothing sees no manager's tab, status or links.
    expect(screen.queryByRole('tab', { name: 'Manage' })).toBeNull();
    expect(within(card).queryByText('Published')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Settings' })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Join Security basics' }));
    await waitFor(() => expect(join).toHaveBeenCalledWith(COURSE));
    // Joining reads the lists again.
    await waitFor(() => expect(vi.mocked(api.fetchCourses).mock.calls.length).toBeGreaterThan(2));
  });

  it('shows my learning with the progress, the overdue due date and Continue', async () => {
    page('/courses?tab=learning');
    const card = await screen.findByRole('article', { name: 'Security basics' });
    const bar = within(card).getByRole('progressbar', { name: 'Progress of Security basics' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(within(card).getByText('40% done')).toBeTruthy();
    expect(within(card).getByText('In progress')).toBeTruthy();
    expect(within(card).getByText(/^Overdue since 15 Jan 2026$/)).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(vi.mocked(api.fetchCourses).mock.calls.some(([filter]) => filter.list === 'learning')).toBe(true);
  });

  it('gives an administrator the manage tab, the new course button and the settings link', async () => {
    const admin = { create: true, analytics: true, settings: true };
    vi.mocked(api.fetchCourses).mockResolvedValue({ result: [], total: 0, can: admin });
    page();
    expect(await screen.findByRole('tab', { name: 'Manage' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/courses/settings');
    expect(screen.getByRole('link', { name: 'Analytics' }).getAttribute('href')).toBe('/courses/analytics');
    expect(screen.getByRole('link', { name: 'New course' }).getAttribute('href')).toBe('/courses/new');
  });
});
