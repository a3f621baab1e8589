import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from './api';
import { asItem, CLIENT, makeVacancy, renderWithSession } from './testing';
import VacanciesPage from './VacanciesPage';

const TAG = {
  _id: '01a1fe5d-0000-7000-8000-0000000000d1',
  client_id: CLIENT,
  module: 'vacancies',
  name: 'Logistics',
  tmpl: false,
};
const shiftLead = asItem(makeVacancy({ tags: [TAG] }));
const backend = asItem(
  makeVacancy({
    _id: '01a1fe5d-0000-7000-8000-0000000000a2',
    title: 'Senior backend developer',
    salary_from: 5200,
    salary_to: null,
  }),
);

const page = (result = [shiftLead, backend], create = false) => ({
  result,
  total: result.length,
  page: 0,
  can: { create },
});

describe('VacanciesPage', { timeout: 20_000 }, () => {
  let list: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    list = vi.spyOn(api, 'fetchVacancies').mockResolvedValue(page());
    vi.spyOn(api, 'fetchTags').mockResolvedValue([TAG]);
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists the vacancies with their salary in the person’s locale, tag and date; no "New vacancy" without can.create', async () => {
    renderWithSession(<VacanciesPage />, {}, '/vacancies/');
    const card = await screen.findByRole('article', { name: 'Warehouse shift lead' });
    expect(within(card).getByText('3,100 – 3,600')).toBeTruthy();
    expect(within(card).getByText('Logistics')).toBeTruthy();
    expect(within(card).getByText('Published 2 Mar 2026')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Warehouse shift lead' }).getAttribute('href')).toBe(
      `/vacancy/${shiftLead._id}`,
    );
    expect(screen.getByRole('article', { name: 'Senior backend developer' }).textContent).toContain('from 5,200');
    expect(screen.queryByRole('button', { name: 'New vacancy' })).toBeNull();
    expect(list).toHaveBeenCalledWith(
      CLIENT,
      expect.any(String),
      0,
      expect.objectContaining({ sort: 'newest' }),
      expect.anything(),
    );
  });

  it('offers "New vacancy" when the page’s can.create says so', async () => {
    list.mockResolvedValue(page([shiftLead], true));
    renderWithSession(<VacanciesPage />, {}, '/vacancies/');
    expect(await screen.findByRole('button', { name: 'New vacancy' })).toBeTruthy();
  });

  it('searches, filters by tag and salary, and shows the server’s highlights as marks, never as markup', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithSession(<VacanciesPage />, {}, '/vacancies/');
    await screen.findByRole('article', { name: 'Warehouse shift lead' });

    list.mockResolvedValue(
      page([{ ...shiftLead, snippet: 'Lead a <b>shift</b> of twelve &lt;script&gt;alert(1)&lt;/script&gt;' }]),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search vacancies' }), 'shift');
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith(
        CLIENT,
        expect.any(String),
        0,
        expect.objectContaining({ search: 'shift' }),
        expect.anything(),
      ),
    );
    const card = await screen.findByRole('article', { name: 'Warehouse shift lead' });
    await waitFor(() => expect(card.querySelector('mark')?.textContent).toBe('shift'));
    expect(card.querySelector('script')).toBeNull();
    expect(card.textContent).toContain('of twelve <script>alert(1)</script>');
    expect(screen.getByText('Vacancies found: 1')).toBeTruthy();

    await user.click(screen.getAllByLabelText('Tag')[0]);
    await user.click(await screen.findByRole('option', { name: 'Logistics' }));
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith(
        CLIENT,
        expect.any(String),
        0,
        expect.objectContaining({ search: 'shift', tag: TAG._id }),
        expect.anything(),
      ),
    );

    list.mockResolvedValue(page([]));
    await user.type(screen.getByRole('textbox', { name: 'Salary I expect' }), '4000');
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith(
        CLIENT,
        expect.any(String),
        0,
        expect.objectContaining({ search: 'shift', tag: TAG._id, salary: 4000 }),
        expect.anything(),
      ),
    );
    expect(await screen.findByText('Nothing matches')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    // The unfiltered first page is the one already read.
    expect(await screen.findByRole('article', { name: 'Senior backend developer' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search vacancies' })).toHaveProperty('value', '');
  });

  it('says so when the workspace has no vacancies, and shows a failure with a retry', async () => {
    list.mockResolvedValueOnce(page([]));
    const { unmount } = renderWithSession(<VacanciesPage />, {}, '/vacancies/');
    expect(await screen.findByText('No open vacancies')).toBeTruthy();
    unmount();
    list.mockRejectedValueOnce(new Error('Server unavailable')).mockResolvedValueOnce(page());
    const user = userEvent.setup({ delay: null });
    renderWithSession(<VacanciesPage />, {}, '/vacancies/');
    expect((await screen.findByRole('alert')).textContent).toContain('Server unavailable');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Warehouse shift lead' })).toBeTruthy();
  });
});
