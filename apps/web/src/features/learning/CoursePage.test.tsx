import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { answerFetch, renderWithSession } from '../groups/testing';
import * as api from './api';
import CoursePage from './CoursePage';
import { COURSE, course } from './testing';

const page = (path = `/courses/${COURSE}`) =>
  renderWithSession(
    <Routes>
      <Route path="/courses/:id" element={<CoursePage />} />
    </Routes>,
    {},
    path,
  );

const manager = { edit: true, delete: false, members: true, join: false, learn: false };

describe('CoursePage', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the content in its order with done marks, and no manager controls to a learner', async () => {
    vi.spyOn(api, 'fetchCourse').mockResolvedValue(
      course({
        my: { status: 'started', percent: 33, due: null, overdue: false, learned_at: null },
        can: { learn: true },
      }),
    );
    page();
    const list = await screen.findByRole('list', { name: 'Course content' });
    const rows = within(list).getAllByTestId('course-item');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'Strong passwords',
      'Passwords quiz',
      'Spotting phishing',
    ]);
    expect(within(rows[0]).getByRole('img', { name: 'Done' })).toBeTruthy();
    expect(within(rows[1]).getByRole('img', { name: 'Not done yet' })).toBeTruthy();
    expect(within(rows[1]).getByRole('link').getAttribute('href')).toBe(
      `/courses/${COURSE}/tests/01a1fe5d-0000-7000-8000-00000000b001`,
    );
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add a lesson' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Participants' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Course status' })).toBeNull();
    // "Continue" leads to the first entry not done.
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(
      `/courses/${COURSE}/tests/01a1fe5d-0000-7000-8000-00000000b001`,
    );
  });

  it('gives a manager the handles, the adders, deleting, the status and the participants', async () => {
    vi.spyOn(api, 'fetchCourse').mockResolvedValue(course({ status: 'draft', can: manager }));
    page();
    expect(await screen.findByRole('button', { name: 'Move Strong passwords' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Move Spotting phishing' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a lesson' }).getAttribute('href')).toBe(
      `/courses/${COURSE}/lessons/new`,
    );
    expect(screen.getByRole('link', { name: 'Add a test' }).getAttribute('href')).toBe(`/courses/${COURSE}/tests/new`);
    expect(screen.getByRole('button', { name: 'Delete Passwords quiz' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Participants' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Course status' })).toBeTruthy();
  });

  it("shows the server's refusal to publish an empty course under the status", async () => {
    vi.spyOn(api, 'fetchCourse').mockResolvedValue(course({ status: 'draft', items: [], can: manager }));
    const update = vi.spyOn(api, 'updateCourse').mockRejectedValue(
      new ApiError(409, {
        code: 'course_empty',
        message: 'Add a lesson or a test before appointing or publishing the course',
      }),
    );
    page();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Course status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Published' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith(COURSE, { status: 'published' }));
    expect(await screen.findByText('Add a lesson or a test before appointing or publishing the course')).toBeTruthy();
  });
});

describe('Assigning members', { timeout: 20_000 }, () => {
  // The grant editor asks for the workspace's departments and cities.
  beforeEach(() => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      answerFetch({ '/api/user/filters/': { result: { departments: [], cities: [] } } }),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks for people or an audience before sending, then sends the chosen people', async () => {
    vi.spyOn(api, 'fetchCourse').mockResolvedValue(course({ can: manager }));
    vi.spyOn(api, 'fetchMembers').mockResolvedValue({ result: [], total: 0, grants: [] });
    const add = vi.spyOn(api, 'addMembers').mockResolvedValue({ added: 1, total: 1 });
    page(`/courses/${COURSE}?tab=participants`);
    expect(await screen.findByText('No members yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign the course' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Choose people or an audience')).toBeTruthy();
    expect(add).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'People' }));
    await userEvent.click(await screen.findByRole('option', { name: /Lukas Schmidt/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(add).toHaveBeenCalledTimes(1));
    expect(add.mock.calls[0][0]).toBe(COURSE);
    expect(add.mock.calls[0][1]).toEqual({ empl: ['01a1fe5d-0000-7000-8000-000000000002'], grants: [], due: null });
  });

  it("shows the server's course_members_required refusal on the people field", async () => {
    vi.spyOn(api, 'fetchCourse').mockResolvedValue(course({ can: manager }));
    vi.spyOn(api, 'fetchMembers').mockResolvedValue({
      result: [],
      total: 0,
      grants: [{ audience: 'all', values: [], from: null, to: null, level: 'read' }],
    });
    vi.spyOn(api, 'addMembers').mockRejectedValue(
      new ApiError(400, {
        code: 'validation',
        message: 'Validation failed',
        fields: { empl: 'course_members_required' },
      }),
    );
    page(`/courses/${COURSE}?tab=participants`);
    await userEvent.click(await screen.findByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign the course' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(api.addMembers).toHaveBeenCalledTimes(1));
    expect(await within(dialog).findByText('Choose people or an audience')).toBeTruthy();
  });
});
