import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import * as articlesApi from '../articles/api';
import * as api from './api';
import { CLIENT, makeVacancy, renderWithSession } from './testing';

const TAG = {
  _id: '01a1fe5d-0000-7000-8000-0000000000d1',
  client_id: CLIENT,
  module: 'vacancies',
  name: 'Logistics',
  tmpl: false,
};

import { CreateVacancyModal, EditVacancyModal } from './VacancyForm';

describe('vacancy form', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.spyOn(articlesApi, 'fetchTags').mockResolvedValue({ result: [TAG], can: { edit: false } });
  });
  afterEach(() => vi.restoreAllMocks());

  it('refuses a salary "from" above "to" inline, before sending anything', async () => {
    const create = vi.spyOn(api, 'createVacancy');
    renderWithSession(<CreateVacancyModal opened onClose={() => {}} onCreated={() => {}} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByText('Field is required')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Warehouse shift lead');
    await user.type(screen.getByRole('textbox', { name: 'Salary from' }), '4000');
    await user.type(screen.getByRole('textbox', { name: 'Salary to' }), '3600');
    expect(screen.getByText('The salary “from” cannot be above “to”')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(create).not.toHaveBeenCalled();
    await user.clear(screen.getByRole('textbox', { name: 'Salary to' }));
    await user.type(screen.getByRole('textbox', { name: 'Salary to' }), '4600');
    expect(screen.queryByText('The salary “from” cannot be above “to”')).toBeNull();
  });

  it('creates a vacancy in the section vacancy, and puts the server’s refusal on its field', async () => {
    const created = vi.fn();
    const create = vi
      .spyOn(api, 'createVacancy')
      .mockRejectedValueOnce(
        new ApiError(400, {
          message: 'The salary "from" cannot be above "to"',
          code: 'validation',
          fields: { salary_from: 'vacancy_salary_range' },
        }),
      )
      .mockResolvedValueOnce(makeVacancy());
    renderWithSession(<CreateVacancyModal opened onClose={() => {}} onCreated={created} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '  Warehouse shift lead ');
    await user.type(screen.getByRole('textbox', { name: 'Salary from' }), '3100');
    await user.click(screen.getAllByLabelText('Tag')[0]);
    await user.click(await screen.findByRole('option', { name: 'Logistics' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('The salary "from" cannot be above "to"')).toBeTruthy();
    expect(created).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[1][0]).toEqual({
      title: 'Warehouse shift lead',
      doc: null,
      salary_from: 3100,
      salary_to: null,
      receivers: [],
      tags: [TAG._id],
    });
  });

  it('saves from the version read, and offers to reload when someone else saved meanwhile', async () => {
    const vacancy = makeVacancy({ version: 4, can: { ...makeVacancy().can, edit: true } });
    const update = vi
      .spyOn(api, 'updateVacancy')
      .mockRejectedValue(
        new ApiError(409, { message: 'Someone saved', code: 'article_version_conflict', params: { version: 5 } }),
      );
    const fetch = vi
      .spyOn(api, 'fetchVacancy')
      .mockResolvedValue({ ...vacancy, version: 5, title: 'Shift lead (nights)' });
    const { client } = renderWithSession(<EditVacancyModal vacancy={vacancy} opened onClose={() => {}} />);
    const user = userEvent.setup({ delay: null });
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(title).toHaveProperty('value', 'Warehouse shift lead');
    await user.type(title, ' (days)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Someone else saved this vacancy meanwhile')).toBeTruthy();
    expect(update.mock.calls[0]).toEqual([
      vacancy._id,
      expect.objectContaining({
        title: 'Warehouse shift lead (days)',
        base_version: 4,
        receivers: [vacancy.receivers[0]._id],
      }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Reload the vacancy' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(client.getQueryData(['vacancies', 'one', vacancy._id])).toMatchObject({ version: 5 });
  });

  it('saves a new tag through the tag calls, after the vacancy itself', async () => {
    const vacancy = makeVacancy({ can: { ...makeVacancy().can, edit: true } });
    const update = vi.spyOn(api, 'updateVacancy').mockResolvedValue({ ...vacancy, version: 2 });
    const attach = vi.spyOn(api, 'attachTag').mockResolvedValue({ ...vacancy, version: 2, tags: [TAG] });
    const closed = vi.fn();
    renderWithSession(<EditVacancyModal vacancy={vacancy} opened onClose={closed} />);
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(articlesApi.fetchTags).toHaveBeenCalled());
    await user.click(screen.getAllByLabelText('Tag')[0]);
    await user.click(await screen.findByRole('option', { name: 'Logistics' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(closed).toHaveBeenCalled());
    expect(update.mock.calls[0][1]).not.toHaveProperty('tags');
    expect(attach).toHaveBeenCalledWith(vacancy._id, TAG._id);
  });
});
