import type { ProjectDto } from '@hallway/shared';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import GroupPage from './GroupPage';
import ProjectPage from './ProjectPage';
import { answerFetch, ME, renderWithSession, TOM } from './testing';

const PROJECT = '01a1fe5d-0000-7000-8000-0000000000a1';
const WALL = '01a1fe5d-0000-7000-8000-0000000000b1';

const card = (_id: string, name: string) => ({ _id, name, login: name.toLowerCase(), avatar: null, position: '' });

function project(can: Partial<ProjectDto['can']> = {}): ProjectDto {
  return {
    _id: PROJECT,
    name: 'Mobile app 2.0',
    description: 'The new app for field staff.',
    status: 'active',
    start: '2026-03-01',
    end: null,
    creatorId: ME,
    creator: card(ME, 'Anna'),
    participants: [
      { user: card(ME, 'Anna'), role: 'lead' },
      { user: card(TOM, 'Tom'), role: 'member' },
    ],
    participantsCount: 2,
    wall: WALL,
    myRole: 'lead',
    created: '2026-02-01T10:00:00.000Z',
    can: { edit: true, delete: true, manageParticipants: true, post: true, ...can },
  } as ProjectDto;
}

function open(answer: ProjectDto, path = `/project/${PROJECT}`) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    answerFetch({
      [`/api/project/${PROJECT}`]: { result: answer },
      [`/api/post/group/${WALL}`]: { result: [], page: 0, pages: 0, total: 0 },
      // The project's wall as the group routes answer it.
      [`/api/group/${WALL}`]: { result: { _id: WALL, kind: 'project', project: PROJECT } },
    }),
  );
  return renderWithSession(
    <Routes>
      <Route path="/project/:_id" element={<ProjectPage />} />
      <Route path="/group/:_id" element={<GroupPage />} />
    </Routes>,
    {},
    path,
  );
}

/** Every text and accessible name on the page that says "group" (none may, on a project's page). */
function groupWording() {
  const names = [...document.querySelectorAll('[aria-label], [title], [placeholder]')].flatMap((element) =>
    ['aria-label', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
  );
  return [document.body.textContent ?? '', ...names].filter((text) => /group/i.test(text));
}

describe('ProjectPage', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('says "project" where the wall and the people name the place, never "group"', async () => {
    open(project());
    expect(await screen.findByText('Project participants will see it')).toBeTruthy();
    expect(await screen.findByText('No posts in this project yet')).toBeTruthy();
    expect(screen.getByText('Start the conversation: the project’s participants will see your post.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove from project: Tom' })).toBeTruthy();
    expect(groupWording()).toEqual([]);
  });

  it('tells a reader who may not post that it is the project they can only read', async () => {
    open(project({ post: false, manageParticipants: false, edit: false, delete: false }));
    expect(await screen.findByText('You can read this project but not post in it.')).toBeTruthy();
    expect(await screen.findByText('No posts in this project yet')).toBeTruthy();
    expect(groupWording()).toEqual([]);
  });

  it('opens the project, not a group page, for its wall’s group address', async () => {
    open(project(), `/group/${WALL}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mobile app 2.0' })).toBeTruthy();
    expect(await screen.findByText('Project participants will see it')).toBeTruthy();
  });
});
