import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../groups/testing';
import * as api from './api';
import LessonPage from './LessonPage';
import { COURSE, LESSON_C, lesson } from './testing';

const page = () =>
  renderWithSession(
    <Routes>
      <Route path="/courses/:id/lessons/:lessonId" element={<LessonPage />} />
    </Routes>,
    {},
    `/courses/${COURSE}/lessons/${LESSON_C}`,
  );

describe('LessonPage', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the lesson, its files and the previous entry, and marks it learned with the seconds spent', async () => {
    vi.spyOn(api, 'fetchLesson').mockResolvedValue(
      lesson({
        files: [
          { _id: 'f1', src: '/files/intro.mp4', name: 'intro.mp4', size: 1000, mime: 'video/mp4' },
          { _id: 'f2', src: '/files/rules.pdf', name: 'rules.pdf', size: 2048, mime: 'application/pdf' },
        ],
      }),
    );
    const learn = vi.spyOn(api, 'learnLesson').mockResolvedValue({});
    vi.spyOn(api, 'fetchCourse').mockResolvedValue(undefined as never);
    const { container } = page();
    expect(await screen.findByRole('heading', { level: 1, name: 'Spotting phishing' })).toBeTruthy();
    expect(screen.getByText('Check the sender.')).toBeTruthy();
    const video = container.querySelector('video');
    expect(video?.getAttribute('src')).toBe('/files/intro.mp4');
    expect(video?.getAttribute('preload')).toBe('metadata');
    expect(screen.getByRole('link', { name: 'Download rules.pdf' }).getAttribute('href')).toBe('/files/rules.pdf');
    expect(screen.getByRole('link', { name: 'Previous: Passwords quiz' }).getAttribute('href')).toBe(
      `/courses/${COURSE}/tests/01a1fe5d-0000-7000-8000-00000000b001`,
    );
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Mark as learned' }));
    await waitFor(() => expect(learn).toHaveBeenCalledTimes(1));
    const body = learn.mock.calls[0][0];
    expect(body).toMatchObject({ course_id: COURSE, lesson_id: LESSON_C });
    expect(Number.isInteger(body.seconds) && body.seconds >= 0).toBe(true);
    // The lesson is read again after it was learned (its mark and the course's progress follow).
    await waitFor(() => expect(vi.mocked(api.fetchLesson).mock.calls.length).toBe(2));
  });

  it('gives a manager Edit and Delete, and no mark to someone who cannot learn it', async () => {
    vi.spyOn(api, 'fetchLesson').mockResolvedValue(lesson({ can: { edit: true, learn: false } }));
    page();
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as learned' })).toBeNull();
  });
});
