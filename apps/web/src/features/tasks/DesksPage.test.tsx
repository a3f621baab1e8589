import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import * as groupsApi from '../groups/api';
import * as api from './api';
import DesksPage from './DesksPage';
import ProjectDesks from './ProjectDesks';
import { DESK_ID, deskCan, lukas, makeDesk, renderWithSession } from './testing';

const { lanes, admins, members, people, ...launch } = makeDesk({
  tasks: { open: 3, total: 5 },
  owner: lukas,
  type: 'open',
});
const page = (result: api.DeskItem[], create = false) => ({
  result,
  total: result.length,
  offset: 0,
  limit: 50,
  can: { create },
});

describe('DesksPage', { timeout: 20_000 }, () => {
  let list: MockInstance<typeof api.fetchDesks>;
  beforeEach(() => {
    list = vi.spyOn(api, 'fetchDesks').mockResolvedValue(page([launch]));
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists my desks with their type, owner and counts, linked to the desk', async () => {
    renderWithSession(<DesksPage />, {}, '/task-tracker');
    const link = await screen.findByRole('link', { name: /Launch/ });
    expect(link.getAttribute('href')).toBe(`/desk/${DESK_ID}`);
    expect(within(link).getByText('Open')).toBeTruthy();
    expect(within(link).getByText('Owner: Lukas Schmidt')).toBeTruthy();
    expect(within(link).getByText('3 open of 5')).toBeTruthy();
    expect(list).toHaveBeenCalledWith('mine', 0, expect.anything(), undefined);
    // No "New desk" without can.create.
    expect(screen.queryByRole('button', { name: 'New desk' })).toBeNull();
  });

  it('shows the shared desks tab with an empty state of its own, and the error of a failed list with a retry', async () => {
    list.mockResolvedValue(page([]));
    renderWithSession(<DesksPage />, {}, '/task-tracker');
    expect(await screen.findByText('No desks of yours yet')).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    list.mockRejectedValueOnce(new Error('The server is down'));
    await user.click(screen.getByRole('tab', { name: 'Shared with me' }));
    expect(await screen.findByText('The server is down')).toBeTruthy();
    expect(list).toHaveBeenLastCalledWith('shared', 0, expect.anything(), undefined);
    await user.click(screen.getByRole('button', { name: /retry|try again/i }));
    expect(await screen.findByText('No desks shared with you')).toBeTruthy();
  });

  it('creates a desk from the template in a modal', async () => {
    list.mockResolvedValue(page([], true));
    const create = vi.spyOn(api, 'createDesk').mockResolvedValue(makeDesk({ name: 'Spring', can: deskCan }));
    renderWithSession(<DesksPage />, {}, '/task-tracker');
    const user = userEvent.setup({ delay: null });
    await user.click((await screen.findAllByRole('button', { name: 'New desk' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New desk' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Spring');
    await user.click(within(dialog).getByRole('radio', { name: /^Hidden/ }));
    expect((within(dialog).getByRole('radio', { name: 'To do, In progress, Done' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]![0]).toMatchObject({ name: 'Spring', type: 'hidden', template: 'basic', admins: [] });
  });

  const PROJECT = '01a1fe5d-0000-7000-8000-0000000000a1';
  const project = { _id: PROJECT, name: 'Mobile app 2.0' } as Awaited<ReturnType<typeof groupsApi.fetchProject>>;
  const projects = () =>
    vi.spyOn(groupsApi, 'fetchProjects').mockResolvedValue({ result: [project], page: 0, pages: 1, total: 1 });

  it('lists a project’s desks in the "by project" tab once a project is chosen', async () => {
    projects();
    vi.spyOn(groupsApi, 'fetchProject').mockResolvedValue(project);
    renderWithSession(<DesksPage />, {}, '/task-tracker?list=project');
    expect(await screen.findByText('Choose a project')).toBeTruthy();
    expect(list).not.toHaveBeenCalled();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: 'Mobile app 2.0' }));
    expect(await screen.findByRole('link', { name: /Launch/ })).toBeTruthy();
    expect(list).toHaveBeenLastCalledWith('project', 0, expect.anything(), PROJECT);
  });

  it('shows a project page’s desks and creates one linked to the project', async () => {
    projects();
    vi.spyOn(groupsApi, 'fetchProject').mockResolvedValue(project);
    list.mockResolvedValue(page([launch], true));
    const create = vi.spyOn(api, 'createDesk').mockResolvedValue(makeDesk({ name: 'Sprint 1', can: deskCan }));
    renderWithSession(<ProjectDesks project={project} />, {}, `/project/${PROJECT}`);
    const region = await screen.findByRole('region', { name: 'Desks · 1' });
    expect(within(region).getByRole('link', { name: 'Launch' }).getAttribute('href')).toBe(`/desk/${DESK_ID}`);
    expect(list).toHaveBeenCalledWith('project', 0, expect.anything(), PROJECT);
    const user = userEvent.setup({ delay: null });
    await user.click(within(region).getByRole('button', { name: 'New desk' }));
    const dialog = await screen.findByRole('dialog', { name: 'New desk' });
    await waitFor(() =>
      expect((within(dialog).getByRole('combobox', { name: 'Project' }) as HTMLInputElement).value).toBe(
        'Mobile app 2.0',
      ),
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Sprint 1');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]![0]).toMatchObject({ name: 'Sprint 1', project: PROJECT });
  });
});
